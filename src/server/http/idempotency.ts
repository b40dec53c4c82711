import type { PrismaClient } from '@/generated/prisma/client';
import type { Ctx, Tx } from '../context';
import { ApiError } from '../errors';
import { config } from '../config';
import { canonicalJson, fromStored, sha256Hex, toStored } from '../json';
import { decryptSecret, encryptSecret } from '../crypto/secret-box';
import { transaction } from '../db/transaction';
import { claimKey, completeRecord } from './idempotency-claim';

export interface Outcome {
  status: number;
  body: unknown;
  replayed?: boolean;
}

/** Method, path and a hash of the canonical JSON body (raw text when it is not JSON). */
export function fingerprint(method: string, path: string, body: unknown, rawText: string): string {
  const content = body === undefined ? rawText : canonicalJson(body);
  return sha256Hex(`${method} ${path}\n${sha256Hex(content)}`);
}

/** 4xx outcomes of execution are stored and replayed; these never are (API-CONTRACT §5). */
const NOT_STORED = new Set([
  'authentication_required',
  'invalid_api_key',
  'api_key_revoked',
  'api_key_expired',
  'insufficient_scope',
  'rate_limited',
  'idempotency_key_in_use',
  'idempotency_key_reused',
]);

/**
 * Runs `exec` under an Idempotency-Key. The claim (lock and lookup in one statement, see
 * idempotency-claim.ts), the effect and the stored response share one transaction:
 * - a concurrent request with the same key fails the advisory try-lock → 409 in use;
 * - a finished one is replayed (same body, `Idempotent-Replayed: true`), or 422 if the
 *   fingerprint differs;
 * - a 4xx raised during execution rolls the transaction back and is stored as the outcome in
 *   a second, short transaction;
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
  const now = new Date();
  const expiresAt = new Date(now.getTime() + config.idempotencyTtlHours * 3600_000);
  /** Claims the key; a stored outcome ends the request (replay or 422), a claim continues. */
  const claimOrReplay = async (tx: Tx): Promise<Outcome | null> => {
    const claim = await claimKey(tx, where, print, now, expiresAt);
    if (claim.kind === 'in_use') {
      throw new ApiError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
      );
    }
    if (claim.kind === 'claimed') return null;
    if (claim.fingerprint !== print) {
      throw new ApiError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different request (method, path or body).',
      );
    }
    return {
      status: claim.status,
      body: await openSecrets(tx, fromStored(storedBody(claim.body)), print),
      replayed: true,
    };
  };
  try {
    return await transaction(db, async (tx) => {
      const stored = await claimOrReplay(tx);
      if (stored) return stored;
      const outcome = await exec(tx);
      await completeRecord(tx, where, outcome.status, storedText(await sealSecrets(tx, outcome.body, print)));
      return outcome;
    });
  } catch (e) {
    if (!(e instanceof ApiError) || e.status >= 500 || NOT_STORED.has(e.code)) throw e;
    // A 4xx from execution: its effects were rolled back with the transaction. The outcome is
    // stored under the key in a transaction of its own (no savepoint on the path that succeeds).
    // Whatever holds the key by then wins: a request that slipped in between has executed and
    // stored its own outcome, which is replayed here instead, or is still running (409).
    ctx.auditRef = null;
    const failed = errorOutcome(e);
    return transaction(db, async (tx) => {
      const stored = await claimOrReplay(tx);
      if (stored) return stored;
      await completeRecord(tx, where, failed.status, storedText(failed.body));
      return failed;
    });
  }
}

/**
 * A response is stored as JSON text (a jsonb string): jsonb would reorder the keys, and a replay
 * must be the same body, byte for byte. Exact numbers are tagged by toStored (see json.ts).
 */
const storedText = (body: unknown): string => JSON.stringify(toStored(body));
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
    if (typeof out[f] === 'string')
      out[f] = { sealed: await encryptSecret(tx, out[f] as string, aad) } satisfies Sealed;
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
