import bcrypt from 'bcryptjs';
import type { Db } from '../../context';
import { PASSWORD_ROUNDS } from '../../bootstrap';
import { SIGN_IN_WINDOW_MS, signInThrottle } from '../../domain/sign-in-throttle';
import { log } from '../../log';

export type CredentialCheck =
  | { ok: true; user: { id: string; email: string; name: string | null; session_version: number } }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

// Compared against when there is no usable hash, so an unknown email costs the same time as a
// wrong password and response times do not reveal which accounts exist.
/** Accounts of one email the sign-in looks at (each costs one bcrypt comparison). */
const MAX_ACCOUNTS_PER_EMAIL = 10;

let dummyHash: Promise<string> | null = null;
const timingDummy = () => (dummyHash ??= bcrypt.hash('no-such-user-placeholder', PASSWORD_ROUNDS));

/**
 * Checks a console sign-in. Only an `active` user with a password can sign in; every other
 * outcome is the same `invalid`, so the answer never says whether the email or the password
 * was wrong. Failures are stored per (email, client address); past the limit the attempt is
 * refused as `throttled` without looking at the password. A success clears that counter.
 *
 * Concurrent attempts of one email and address may each pass the count before any of them
 * records its failure; the limit can be overshot by the number of requests in flight, which
 * is bounded and keeps the password check (slow by design) outside any transaction.
 */
export async function verifyCredentials(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<CredentialCheck> {
  const email = input.email.trim().toLowerCase().slice(0, 320);
  const ip = input.ip;
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  const recent = await db.loginAttempt.findMany({
    where: { email, ip, created_at: { gt: since } },
    select: { created_at: true },
    orderBy: { created_at: 'desc' },
    take: 50,
  });
  const throttle = signInThrottle(recent.map((r) => r.created_at));
  if (throttle.blocked) {
    log.warn({ email, ip, failures: throttle.failures }, 'console sign-in throttled');
    return { ok: false, reason: 'throttled', retryAfterSeconds: throttle.retryAfterSeconds };
  }
  // Emails are unique per organization, so one address may have an account in several. The
  // password picks the account: exactly one match signs in; none, or a password shared by
  // several of them (which cannot tell them apart), is the same `invalid`.
  const candidates =
    email && input.password
      ? await db.user.findMany({
          where: { email, status: 'active', password_hash: { not: null } },
          orderBy: { id: 'asc' },
          take: MAX_ACCOUNTS_PER_EMAIL,
        })
      : [];
  const matches = [];
  for (const c of candidates) if (await bcrypt.compare(input.password, c.password_hash!)) matches.push(c);
  if (!candidates.length) await bcrypt.compare(input.password ?? '', await timingDummy());
  const user = matches.length === 1 ? matches[0] : null;
  if (!user) {
    await db.loginAttempt.create({ data: { email, ip } });
    // Old rows of other keys are swept now and then; this key's own old rows go with its next success.
    if (Math.random() < 0.01) await db.loginAttempt.deleteMany({ where: { created_at: { lt: since } } });
    log.info({ email, ip }, 'console sign-in failed');
    return { ok: false, reason: 'invalid' };
  }
  await db.loginAttempt.deleteMany({ where: { email, ip } });
  log.info({ email, ip, user_id: user.id }, 'console sign-in');
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, session_version: user.session_version } };
}
