import type { AuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { ready } from '../db/ready';
import { log } from '../log';
import { clientAddress } from '../http/client-address';
import { verifyCredentials } from '../services/users/credentials';
import { sessionSecret } from './session-secret';

// next-auth v4 builds its own URLs (callback checks, cookie security) from NEXTAUTH_URL. Without
// it, derive them from the request's Host / X-Forwarded-* headers (v4's AUTH_TRUST_HOST, what
// v5 calls trustHost), so sign-in works on whatever host and port the app was started on.
if (!process.env.NEXTAUTH_URL) process.env.AUTH_TRUST_HOST ??= 'true';

/** Console sessions are signed JWT cookies (no session table) that expire after a working day. */
export const SESSION_MAX_AGE_SECONDS = 12 * 3600;
/** The error a throttled sign-in reports to the sign-in form: `throttled:<seconds>`. */
export const THROTTLED = 'throttled';

let cached: Promise<AuthOptions> | null = null;

/** The next-auth configuration; async because the signing secret may live in the database. */
export function authOptions(): Promise<AuthOptions> {
  cached ??= build().catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

async function build(): Promise<AuthOptions> {
  const db = await ready();
  return {
    secret: await sessionSecret(db),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/signin', error: '/signin' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          const raw = (req?.headers ?? {}) as Record<string, string | undefined>;
          const headers = { get: (n: string) => raw[n] ?? null };
          const result = await verifyCredentials(await ready(), {
            email: String(credentials?.email ?? ''),
            password: String(credentials?.password ?? ''),
            ip: clientAddress(headers),
          });
          if (result.ok)
            return {
              id: result.user.id,
              email: result.user.email,
              name: result.user.name,
              sv: result.user.session_version,
            };
          // Thrown errors reach the client as `error`; a null return reads CredentialsSignin.
          if (result.reason === 'throttled') throw new Error(`${THROTTLED}:${result.retryAfterSeconds}`);
          return null;
        },
      }),
    ],
    callbacks: {
      // The token carries the user id (sub) and the user's session version (sv) at sign-in;
      // roles, matters, status and the current version are read from the database on every
      // request, so a changed, disabled or signed-out user's old cookie stops working at once.
      jwt: ({ token, user }) => (user ? { ...token, sv: (user as { sv?: number }).sv ?? 0 } : token),
      session: ({ session, token }) => ({
        ...session,
        user: { id: token.sub, email: token.email, name: token.name, sv: token.sv },
      }),
    },
    events: {
      // Sign-out ends every session of the user, including copies of the cookie kept elsewhere.
      signOut: async ({ token }) => {
        if (typeof token?.sub !== 'string') return;
        await (
          await ready()
        ).user.updateMany({
          where: { id: token.sub, session_version: typeof token.sv === 'number' ? token.sv : 0 },
          data: { session_version: { increment: 1 } },
        });
      },
    },
    logger: {
      error: (code, metadata) =>
        log.error({ code, err: metadata instanceof Error ? metadata.message : undefined }, 'next-auth error'),
      warn: (code) => log.warn({ code }, 'next-auth warning'),
      debug: () => {},
    },
  };
}
