import type { PrismaClient } from '@/generated/prisma/client';
import { getDb, onDbClose, poolOf } from '../db/client';
import { log } from '../log';

/**
 * The request log behind Developers → Logs, and each API key's "last used" time.
 *
 * Neither may cost a request anything it would wait for: `recordRequest` only appends to an
 * in-memory buffer (no I/O, no await). A timer flushes the buffer as one multi-row INSERT a
 * second (or sooner once it holds a batch), and writes "last used" coalesced: at most once per
 * key per MD_KEY_USAGE_FLUSH_MS (60 s by default), the newest time winning. If the database is
 * slow or down the buffer is capped (the oldest entries go first): a log that loses lines
 * under an outage is better than a service that stalls or grows without bound.
 *
 * The table stays bounded: after a flush, each organization and environment it touched keeps
 * its newest MD_REQUEST_LOG_PER_ORG rows (checked at most once a minute per tenant), and rows
 * older than 7 days are deleted every ten minutes.
 */
export interface RequestLogEntry {
  id: string;
  org_id: string;
  env: string;
  key_id: string | null;
  method: string;
  path: string;
  operation: string;
  status: number;
  duration_ms: number;
  audit_ref: string | null;
  created_at: Date;
}

const FLUSH_MS = Number(process.env.MD_REQUEST_LOG_FLUSH_MS ?? 1_000);
const BATCH = 500;
const BUFFER_CAP = 20_000;
const USAGE_EVERY_MS = Number(process.env.MD_KEY_USAGE_FLUSH_MS ?? 60_000);
export const PER_ORG_ROWS = Number(process.env.MD_REQUEST_LOG_PER_ORG ?? 10_000);
export const KEEP_DAYS = 7;
const TRIM_EVERY_MS = 60_000;
const AGE_PRUNE_EVERY_MS = 10 * 60_000;
/** Paths longer than this are cut (a request's path is caller-chosen text). */
const PATH_MAX = 512;

interface State {
  buffer: RequestLogEntry[];
  /** Newest use of each key not yet written, with its organization. */
  usage: Map<string, { org_id: string; at: Date }>;
  /** When each key's use was last written: the next write waits USAGE_EVERY_MS. */
  usageWritten: Map<string, number>;
  trimmed: Map<string, number>;
  agePrunedAt: number;
  dropped: number;
  timer: ReturnType<typeof setTimeout> | null;
  dueAt: number;
  flushing: Promise<void> | null;
  hooked: boolean;
}
// On globalThis: Next bundles route handlers separately; they must share one buffer.
const g = globalThis as typeof globalThis & { __mdRequestLog?: State };
const state: State = (g.__mdRequestLog ??= {
  buffer: [],
  usage: new Map(),
  usageWritten: new Map(),
  trimmed: new Map(),
  agePrunedAt: 0,
  dropped: 0,
  timer: null,
  dueAt: 0,
  flushing: null,
  hooked: false,
});

/** MD_REQUEST_LOG=off: no log and no "last used" (for a deployment that logs elsewhere, and the bench's A/B). */
const OFF = process.env.MD_REQUEST_LOG === 'off';

/** Notes one authenticated request. Synchronous and allocation-light: nothing is awaited. */
export function recordRequest(entry: RequestLogEntry): void {
  if (OFF) return;
  if (state.buffer.length >= BUFFER_CAP) {
    state.buffer.shift();
    state.dropped++;
  }
  state.buffer.push(entry.path.length > PATH_MAX ? { ...entry, path: entry.path.slice(0, PATH_MAX) } : entry);
  if (entry.key_id) state.usage.set(entry.key_id, { org_id: entry.org_id, at: entry.created_at });
  schedule(state.buffer.length >= BATCH ? 0 : FLUSH_MS);
}

/** This process's not-yet-written use of a key (the list shows it before the flush does). */
export function pendingUse(keyId: string): Date | null {
  return state.usage.get(keyId)?.at ?? null;
}

function schedule(ms: number) {
  if (!state.hooked) {
    state.hooked = true;
    // The last lines go out before the database closes (tests, graceful shutdown).
    onDbClose(async () => {
      state.hooked = false;
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      await flushRequestLog({ allUsage: true });
    });
    // Best effort on shutdown: Next exits once its HTTP server has closed, which is usually
    // after this flush (one or two statements); what does not make it is at most a second of log.
    const last = () => void flushRequestLog({ allUsage: true });
    process.once('SIGTERM', last);
    process.once('SIGINT', last);
  }
  // One timer, at the earliest time asked for: a flush due in a second is not held back by one
  // scheduled a minute out for pending "last used" times.
  const at = Date.now() + ms;
  if (state.timer && state.dueAt <= at) return;
  if (state.timer) clearTimeout(state.timer);
  state.dueAt = at;
  state.timer = setTimeout(() => {
    state.timer = null;
    void flushRequestLog();
  }, ms);
  state.timer.unref?.();
}

/**
 * Writes what is buffered. One flush at a time; exported for tests and shutdown.
 * `allUsage` writes every pending "last used" regardless of the per-key interval.
 */
export async function flushRequestLog(opts: { allUsage?: boolean } = {}): Promise<void> {
  while (state.flushing) await state.flushing;
  state.flushing = (async () => {
    const db = await getDb();
    while (state.buffer.length) {
      const batch = state.buffer.splice(0, BATCH);
      await insertBatch(db, batch);
      await trim(db, batch);
    }
    await writeUsage(db, opts.allUsage ?? false);
    await pruneOld(db);
    if (state.dropped) {
      log.warn({ dropped: state.dropped }, 'request log buffer full: oldest entries dropped');
      state.dropped = 0;
    }
  })()
    .catch((e) => log.warn({ err: String(e) }, 'request log flush failed'))
    .finally(() => {
      state.flushing = null;
    });
  await state.flushing;
  // Pending "last used" times not yet due are written by a later flush.
  if (state.usage.size && !opts.allUsage) {
    let next = Infinity;
    for (const id of state.usage.keys()) next = Math.min(next, (state.usageWritten.get(id) ?? 0) + USAGE_EVERY_MS);
    schedule(Math.max(0, next - Date.now()));
  }
}

const COLUMNS = [
  ['id', 'text'],
  ['org_id', 'text'],
  ['env', 'text'],
  ['key_id', 'text'],
  ['method', 'text'],
  ['path', 'text'],
  ['operation', 'text'],
  ['status', 'int4'],
  ['duration_ms', 'float8'],
  ['audit_ref', 'text'],
  ['created_at', 'timestamptz'],
] as const;
// One array per column, unnested into rows: one statement and eleven parameters whatever the
// batch size. ON CONFLICT: a retried flush after a lost acknowledgement must not fail the batch.
const INSERT = `INSERT INTO request_logs (${COLUMNS.map(([c]) => c).join(', ')})
  SELECT * FROM unnest(${COLUMNS.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})
  ON CONFLICT (id) DO NOTHING`;

/**
 * Not Prisma's createMany: measured at 0.24–0.6 ms of this process's CPU a row against 0.01–0.02
 * for this statement on the pg pool, which under load cost GET /v1/matters/{id} about half its
 * throughput. On PGlite it goes through Prisma (the one session Prisma schedules).
 */
async function insertBatch(db: PrismaClient, batch: RequestLogEntry[]) {
  const params = COLUMNS.map(([c]) =>
    batch.map((e) => (c === 'created_at' ? e.created_at.toISOString() : e[c as Exclude<typeof c, 'created_at'>])),
  );
  const pool = poolOf(db);
  if (pool) await pool.query(INSERT, params);
  else await db.$executeRawUnsafe(INSERT, ...params);
}

/** Keeps the newest PER_ORG_ROWS rows of each tenant the batch touched (once a minute each). */
async function trim(db: PrismaClient, batch: RequestLogEntry[]) {
  const now = Date.now();
  const tenants = new Set(batch.map((e) => `${e.org_id}\u0000${e.env}`));
  for (const t of tenants) {
    if (now - (state.trimmed.get(t) ?? 0) < TRIM_EVERY_MS) continue;
    state.trimmed.set(t, now);
    const [org, env] = t.split('\u0000');
    // The (org_id, env, id) index finds the cut-off row; everything older than it goes.
    await db.$executeRawUnsafe(
      `DELETE FROM request_logs WHERE org_id = $1 AND env = $2 AND id < (
         SELECT id FROM request_logs WHERE org_id = $1 AND env = $2 ORDER BY id DESC OFFSET $3 LIMIT 1)`,
      org,
      env,
      PER_ORG_ROWS - 1,
    );
  }
  if (state.trimmed.size > 10_000) state.trimmed.clear();
}

async function pruneOld(db: PrismaClient) {
  if (Date.now() - state.agePrunedAt < AGE_PRUNE_EVERY_MS) return;
  state.agePrunedAt = Date.now();
  await db.requestLog.deleteMany({ where: { created_at: { lt: new Date(Date.now() - KEEP_DAYS * 86_400_000) } } });
}

/** One upsert for every key whose use is due; the newer time wins if processes race. */
async function writeUsage(db: PrismaClient, all: boolean) {
  const now = Date.now();
  const due = [...state.usage].filter(([id]) => all || now - (state.usageWritten.get(id) ?? 0) >= USAGE_EVERY_MS);
  if (!due.length) return;
  for (const [id] of due) {
    state.usage.delete(id);
    state.usageWritten.set(id, now);
  }
  if (state.usageWritten.size > 100_000) state.usageWritten.clear();
  // 1,000 keys a statement: well under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < due.length; i += 1_000) {
    const chunk = due.slice(i, i + 1_000);
    const values = chunk.map((_, j) => `($${j * 3 + 1}, $${j * 3 + 2}, $${j * 3 + 3}::timestamptz)`).join(', ');
    await db.$executeRawUnsafe(
      `INSERT INTO api_key_usage (key_id, org_id, last_used_at) VALUES ${values}
       ON CONFLICT (key_id) DO UPDATE SET last_used_at = GREATEST(api_key_usage.last_used_at, EXCLUDED.last_used_at)`,
      ...chunk.flatMap(([id, u]) => [id, u.org_id, u.at]),
    );
  }
}
