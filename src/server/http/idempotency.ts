import type { PrismaClient } from '@/generated/prisma/client';
import type { Ctx, Tx } from '../context';
import { ApiError } from '../errors';
import { config } from '../config';
import { canonicalJson, fromStored, sha256Hex, toStored } from '../json';
import { decryptSecret, encryptSecret } from '../crypto/secret-box';

export interface Outcome {
  status: number;
  body: unknown;
  replayed?: boolean;
}

export const TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/** Method, path and a hash of the canonical JSON body (raw text when it is not JSON). */
export function fingerprint(method: string, path: string, body: unknown, rawText: string): string {
  const content = body === undefined ? rawText : canonicalJson(body);
  return sha256Hex(`${method} ${path}\n${sha256Hex(content)}`);
}

/** 4xx outcomes of execution are stored and replayed; these never are (API-CONTRACT §5). */
const NOT_STORED = new Set(['authentication_required', 'invalid_api_key', 'api_key_revoked', 'api_key_expired',
  'insufficient_scope', 'rate_limited', 'idempotency_key_in_use', 'idempotency_key_reused']);

/**
 * Runs `exec` under an Idempotency-Key. The lock, the lookup, the effect and the stored
 * response share one transaction:
 * - a concurrent request with the same key fails the advisory try-lock → 409 in use;
 * - a finished one is replayed (same body, `Idempotent-Replayed: true`), or 422 if the
 *   fingerprint differs;
 * - a 4xx raised during execution rolls back to a savepoint and is stored as the outcome;
 * - a 5xx rolls everything back and stores nothing, so a retry re-executes.
 */
export async function runIdempotent(
  db: PrismaClient,
  ctx: Ctx,
  key: string,
  print: string,
  exec: (tx: Tx) => Promise<Outcome>,
  errorOutcome: (e: ApiError) => Outcome,
): Promise<Outcome> {
  const keyId = ctx.actor.key_id ?? ctx.actor.id;
  const where = { org_id: ctx.org.id, env: ctx.env, key_id: keyId, idem_key: key };
  return db.$transaction(async (tx) => {
    const [{ ok }] = await tx.$queryRaw<{ ok: boolean }[]>`
      SELECT pg_try_advisory_xact_lock(hashtextextended(${`${ctx.org.id}|${ctx.env}|${keyId}|${key}`}, 0)) AS ok`;
    if (!ok) {
      throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry shortly.');
    }
    const prior = await tx.idempotencyRecord.findUnique({ where: { org_id_env_key_id_idem_key: where } });
    if (prior && prior.expires_at.getTime() > Date.now()) {
      if (prior.fingerprint !== print) {
        throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request (method, path or body).');
      }
      return { status: prior.response_status, body: await openSecrets(tx, fromStored(storedBody(prior.response_body)), print), replayed: true };
    }
    await tx.$executeRawUnsafe('SAVEPOINT idem_exec');
    let outcome: Outcome;
    try {
      outcome = await exec(tx);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status >= 500 || NOT_STORED.has(e.code)) throw e;
      await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT idem_exec');
      ctx.auditRef = null;
      outcome = errorOutcome(e);
    }
    const record = {
      fingerprint: print,
      response_status: outcome.status,
      // Kept as JSON text (a jsonb string): jsonb would reorder the keys, and a replay must be
      // the same body, byte for byte. Exact numbers are tagged by toStored (see json.ts).
      response_body: JSON.stringify(toStored(await sealSecrets(tx, outcome.body, print))),
      created_at: new Date(),
      expires_at: new Date(Date.now() + config.idempotencyTtlHours * 3600_000),
    };
    await tx.idempotencyRecord.upsert({
      where: { org_id_env_key_id_idem_key: where },
      create: { ...where, ...record },
      update: record,
    });
    return outcome;
  }, TX_OPTIONS);
}

/** A stored response: JSON text, or (records written before it was kept as text) a jsonb object. */
const storedBody = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * Responses that show a secret once (API key `secret_once`, webhook `signing_secret`) are
 * replayable, so the stored copy must hold the secret — but never in clear: it is sealed with
 * AES-256-GCM (bound to the request fingerprint) and opened only for the replay.
 */
const SECRET_FIELDS = ['secret_once', 'signing_secret'];
type Sealed = { sealed: string };

async function sealSecrets(tx: Tx, body: unknown, aad: string): Promise<unknown> {
  if (!body || typeof body !== 'object') return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const f of SECRET_FIELDS) {
    if (typeof out[f] === 'string') out[f] = { sealed: await encryptSecret(tx, out[f] as string, aad) } satisfies Sealed;
  }
  return out;
}

async function openSecrets(tx: Tx, body: unknown, aad: string): Promise<unknown> {
  if (!body || typeof body !== 'object') return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const f of SECRET_FIELDS) {
    const v = out[f] as Sealed | undefined;
    if (v && typeof v === 'object' && typeof v.sealed === 'string') out[f] = await decryptSecret(tx, v.sealed, aad);
  }
  return out;
}
