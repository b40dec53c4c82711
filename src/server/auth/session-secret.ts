import type { Db } from '../context';
import { randomBase62 } from '../ids';

const KEY = 'nextauth_secret';
let cached: Promise<string> | null = null;

/**
 * The key that signs console session cookies. NEXTAUTH_SECRET (or AUTH_SECRET) when configured;
 * otherwise one generated on first run and kept in the `settings` table, so `npm start` needs no
 * configuration and every process on the database signs and accepts the same cookies.
 * Insert-if-absent then read: processes starting together all end up with the first row.
 */
export function sessionSecret(db: Db): Promise<string> {
  const configured = process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET;
  if (configured) return Promise.resolve(configured);
  cached ??= (async () => {
    await db.$executeRaw`INSERT INTO settings (key, value) VALUES (${KEY}, ${randomBase62(64)}) ON CONFLICT (key) DO NOTHING`;
    return (await db.setting.findUniqueOrThrow({ where: { key: KEY } })).value;
  })().catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}
