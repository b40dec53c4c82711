import { createHmac, randomBytes } from 'node:crypto';
import type { Ctx } from '../../context';
import { COUNSEL_ONLY } from '../../domain/attribution/network-signals';

/**
 * Privacy rules of network attribution (net_) objects.
 *
 * `counsel_only`: a signal so marked, and any correlation built from one, is shown only to
 * counsel: a user with the `counsel` or `admin` role (console, or a key bound to that user), or
 * an organization key not bound to a user that holds the full `*` scope. To anyone else it does
 * not exist: GET answers the same 404 as another tenant's object, a correlation leaves it out
 * (and says how many it left out), and naming it in `signal_ids` is "no such signal".
 */
export function seesCounselOnly(ctx: Pick<Ctx, 'actor'>): boolean {
  const { roles, scopes } = ctx.actor;
  if (roles !== null) return roles.includes('counsel') || roles.includes('admin');
  return scopes.includes('*');
}

/** `counsel_only` however it was typed (`Counsel only`, `counsel-only`), other labels as given, once each. */
export function normalizeRestrictions(list: readonly string[] = []): string[] {
  const out = list.map((r) => (/^counsel[\s_-]*only$/i.test(r.trim()) ? COUNSEL_ONLY : r.trim()));
  return [...new Set(out)];
}

export const isCounselOnly = (body: { privacy_restrictions?: unknown }) =>
  Array.isArray(body.privacy_restrictions) && body.privacy_restrictions.includes(COUNSEL_ONLY);

/** May this caller see this stored net_ body? */
export const visibleTo = (ctx: Pick<Ctx, 'actor'>, body: { privacy_restrictions?: unknown }) =>
  !isCounselOnly(body) || seesCounselOnly(ctx);

/**
 * The legal process, as the append-only audit chain records it: an HMAC of the identifier
 * under a random key kept only on the signal row. The chain still binds the exact identifier
 * (whoever holds the row can show which process was named), but reading the chain reveals
 * nothing, not even by guessing likely docket numbers, and erasing the row leaves nothing
 * readable behind. Sealed or grand-jury process numbers are themselves confidential.
 */
export function legalProcessSeal(id: string) {
  const key = randomBytes(32).toString('hex');
  return { key, ref: `hmac-sha256:${createHmac('sha256', key).update(id).digest('hex')}` };
}

/** A stored signal body as answered: the seal key never leaves the row. */
export function signalOut<T extends object>(body: T): Omit<T, 'legal_process_seal_key'> {
  const { legal_process_seal_key: _key, ...out } = body as T & { legal_process_seal_key?: string };
  return out;
}
