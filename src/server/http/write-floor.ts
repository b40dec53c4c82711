import type { Ctx } from '../context';
import { getDb, poolOf } from '../db/client';
import { transaction, txQuery } from '../db/transaction';
import { newId } from '../ids';
import { recordChange } from '../services/audit/append';
import { matterCreated, newMatterRow } from '../services/matters/matters';
import { fingerprint } from './idempotency';
import { claimKey, completeRecord } from './idempotency-claim';

/**
 * `npm run bench`'s floor for an idempotent write: the statements of `POST /v1/matters` with
 * an Idempotency-Key (BEGIN with the claim; the matter's INSERT, its audit chain and outbox
 * append and the record in one statement, with COMMIT), the same SQL through the same
 * wrapper functions and transaction, sent on the pg driver from a bare route handler. It
 * leaves out everything else the real route does (authentication, rate limit, validation,
 * serialization, logging, metrics), so it measures what a write of this shape costs under Next.js on
 * this machine, whatever the code around it.
 * Served only when MD_BENCH_WRITE_FLOOR=1 and on PostgreSQL (404 otherwise); it writes as the
 * first root organization's sandbox, as a benchmark key that does not exist.
 */
export async function writeFloor(req: Request): Promise<Response> {
  const db = process.env.MD_BENCH_WRITE_FLOOR === '1' ? await getDb() : null;
  if (!db || !poolOf(db)) return new Response(null, { status: 404 });
  const text = await req.text();
  const body = parseBody(text);
  if (!body) return new Response(null, { status: 400 });
  const idemKey = req.headers.get('idempotency-key') ?? newId('request');
  // The real write's transaction (a lane: BEGIN and COMMIT on a pooled connection), with every
  // statement sent on that connection by txQuery.
  const out = await transaction(db, async (tx) => {
    org ??= (await txQuery<{ id: string }>(tx, 'SELECT id FROM organizations WHERE parent_id IS NULL LIMIT 1', []))[0]
      .id;
    const ctx = floorCtx(org, idemKey);
    const where = { org_id: org, env: ctx.env, key_id: 'key_bench_floor', idem_key: idemKey };
    const now = new Date();
    const print = fingerprint('POST', '/bench/write-floor', body, text);
    await claimKey(tx, where, print, now, new Date(now.getTime() + 86_400_000));
    const m = newMatterRow(ctx, body);
    const data = { name: m.name, mode: m.mode, status: m.status, created_at: m.created_at.toISOString() };
    await recordChange(ctx, tx, matterCreated(m, data));
    const json = JSON.stringify({ object: 'matter', matter_id: m.id, ...data, audit_ref: ctx.auditRef });
    await completeRecord(tx, where, 201, json);
    return json;
  });
  return new Response(out, { status: 201, headers: { 'Content-Type': 'application/json' } });
}

let org: string | undefined;

function parseBody(text: string): { name: string; mode: string } | null {
  try {
    const b = JSON.parse(text) as { name?: unknown; mode?: unknown } | null;
    return typeof b?.name === 'string' && typeof b.mode === 'string' ? { name: b.name, mode: b.mode } : null;
  } catch {
    return null;
  }
}

const floorCtx = (orgId: string, idempotencyKey: string): Ctx => ({
  org: { id: orgId, parent_id: null, features: [], pinned_version: '' },
  env: 'sandbox',
  actor: { id: 'key_bench_floor', key_id: 'key_bench_floor', user_id: null, scopes: [], roles: [], matter_ids: null },
  requestId: newId('request'),
  version: '',
  idempotencyKey,
  origin: '',
  auditRef: null,
});
