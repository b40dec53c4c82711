import { Prisma, type Export, type PrismaClient } from '@/generated/prisma/client';
import { LICENSE_REASON } from '../domain/sanctions/blocked-property';
import type { Ctx, Env } from '../context';
import { API_VERSION } from '../config';
import { toStored } from '../json';
import { log } from '../log';
import { recordChange } from '../services/audit/append';
import { exportFacts, exportSource } from '../services/exports/registry';
import { exportOut } from '../services/exports/serialize';
import { matterPause } from '../services/sanctions/pause';
import { RenderRefused, renderInWorker } from './export-render';

/**
 * The export job, in the webhook dispatcher's model (durable rows, never held locks):
 * 1. claim: lease due pending exports (FOR UPDATE SKIP LOCKED; attempts + 1);
 * 2. load the object's data, then render outside any transaction in a worker thread with a
 *    time budget (export-render.ts), so the loop stays free and the lease keeps beating;
 * 3. complete in one transaction that moves `pending` → `ready` only if the row is still
 *    pending and still leased to this worker, with the audit event and `<type>.exported`.
 * A worker killed mid-render leaves a lease that expires; another worker renders again, and
 * the guarded completion makes `ready` (and its events) happen exactly once.
 */
const TX = { maxWait: 15_000, timeout: 60_000 } as const;
export const MAX_ATTEMPTS = 5;
/** Backoff after a failed attempt n (1-based). */
export const retryDelayMs = (attempt: number) => Math.min(60_000, 2_000 * 3 ** (attempt - 1));

const posInt = (v: string | undefined, d: number) => (/^\d+$/.test(v ?? '') && Number(v) > 0 ? Number(v) : d);
/** How long a claim is held: long enough to render a large packet on a busy machine. */
export const exportLeaseMs = () => posInt(process.env.MD_EXPORT_LEASE_MS, 120_000);

/**
 * Leases up to `limit` due exports to `workerId`. `rendering` are the ones this process is
 * rendering now: if a stalled heartbeat let one's lease lapse, this process knows it is alive
 * and does not claim it again (another worker may, as for a dead one; completion stays single).
 */
export async function claimExports(
  db: PrismaClient,
  workerId: string,
  limit: number,
  rendering: readonly string[] = [],
): Promise<string[]> {
  if (limit <= 0) return [];
  const now = new Date();
  const until = new Date(now.getTime() + exportLeaseMs());
  const notMine = rendering.length ? Prisma.sql`AND id NOT IN (${Prisma.join([...rendering])})` : Prisma.empty;
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE exports SET locked_until = ${until}, locked_by = ${workerId}, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM exports
      WHERE status = 'pending' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until < ${now})
      ${notMine}
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`;
  return rows.map((r) => r.id);
}

/** The earliest time a pending export falls due (a retry, or a lease that expires). */
export async function nextExportDueAt(db: PrismaClient): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`
    SELECT min(GREATEST(next_attempt_at, COALESCE(locked_until, next_attempt_at))) AS at FROM exports WHERE status = 'pending'`;
  return row?.at ? new Date(row.at) : null;
}

/** The context of the job's own writes: the actor is the system, the request the original one. */
function jobCtx(row: Export): Ctx {
  const by = row.requested_by as { request_id?: string };
  return {
    org: { id: row.org_id, parent_id: null, features: [], pinned_version: API_VERSION },
    env: row.env as Env,
    actor: { id: 'system:exports', key_id: null, user_id: null, scopes: [], roles: null, matter_ids: null },
    requestId: by.request_id ?? row.id,
    version: API_VERSION,
    idempotencyKey: null,
    origin: '',
    auditRef: null,
  };
}

/** Renders and completes one claimed export. Returns true when it committed an outcome. */
export async function runExport(db: PrismaClient, workerId: string, id: string): Promise<boolean> {
  const row = await db.export.findUnique({ where: { id } });
  if (!row || row.status !== 'pending' || row.locked_by !== workerId) return false;
  const source = exportSource(row.object_type);
  // Keep the lease while rendering: a live worker never loses its export to another, however
  // long the render takes; a dead one stops renewing and its lease expires.
  const lease = exportLeaseMs();
  const heartbeat = setInterval(
    () => {
      db.export
        .updateMany({
          where: { id, status: 'pending', locked_by: workerId },
          data: { locked_until: new Date(Date.now() + lease) },
        })
        .catch((e) => log.warn({ err: String(e), export_id: id }, 'export lease renewal failed'));
    },
    Math.max(250, Math.floor(lease / 3)),
  );
  heartbeat.unref();
  try {
    // A sanctions match found after the request pauses the render too: the export fails, once,
    // with the reason (counsel clears the match, then the caller exports again).
    if (
      row.matter_id &&
      (await source.collection?.(db, row)) &&
      (await matterPause(jobCtx(row), db, row.matter_id)).paused
    )
      throw new RenderRefused(
        `Ordinary collection on matter ${row.matter_id} was paused by a sanctions match after this export was requested, and this object ${LICENSE_REASON}; counsel must clear the match in a sanctions review (or OFAC license the transfer) before it is exported.`,
      );
    const data = await source.load(db, row);
    const file = await renderInWorker({ facts: exportFacts(row), data: toStored(data) });
    const { sha256 } = file;
    return await db.$transaction(async (tx) => {
      const done = await tx.export.updateMany({
        where: { id, status: 'pending', locked_by: workerId },
        data: {
          status: 'ready',
          content: new Uint8Array(file.bytes),
          content_type: file.content_type,
          filename: file.filename,
          sha256,
          size_bytes: file.bytes.length,
          completed_at: new Date(),
          locked_until: null,
          error: null,
        },
      });
      if (done.count !== 1) return false; // another worker finished it after our lease expired
      const ready = (await tx.export.findUnique({ where: { id }, omit: { content: true } }))!;
      await source.onReady?.(tx, { ...ready, content: null });
      const ctx = jobCtx(row);
      await recordChange(ctx, tx, {
        event_type: source.events.exported,
        object_type: row.object_type,
        object_id: row.object_id,
        matter_id: row.matter_id,
        details: {
          export_id: id,
          format: row.format,
          redaction_profile: row.redaction_profile,
          sha256,
          size_bytes: file.bytes.length,
          attempts: row.attempts,
          requested_by: row.requested_by,
        },
        data: { ...(await exportOut(tx, { ...ready, content: null }, '')), download_url: null, expires_at: null },
      });
      return true;
    }, TX);
  } catch (e) {
    clearInterval(heartbeat);
    const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
    log.error({ err: message, export_id: id, attempt: row.attempts }, 'export attempt failed');
    // A render past its budget or memory would fail the same way again: record it now.
    if (row.attempts < MAX_ATTEMPTS && !(e instanceof RenderRefused)) {
      await db.export.updateMany({
        where: { id, status: 'pending', locked_by: workerId },
        data: {
          locked_until: null,
          error: message,
          next_attempt_at: new Date(Date.now() + retryDelayMs(row.attempts)),
        },
      });
      return false;
    }
    return db.$transaction(async (tx) => {
      const failed = await tx.export.updateMany({
        where: { id, status: 'pending', locked_by: workerId },
        data: { status: 'failed', locked_until: null, error: message, completed_at: new Date() },
      });
      if (failed.count !== 1) return false;
      await recordChange(jobCtx(row), tx, {
        event_type: source.events.failed,
        object_type: row.object_type,
        object_id: row.object_id,
        matter_id: row.matter_id,
        details: { export_id: id, attempts: row.attempts, error: message },
      });
      return true;
    }, TX);
  } finally {
    clearInterval(heartbeat);
  }
}
