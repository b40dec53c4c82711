import bcrypt from 'bcryptjs';
import type { PrismaClient } from '@/generated/prisma/client';
import { newId } from './ids';
import { hashSecret, isWellFormedSecret, newSecret, displayPrefix } from './auth/api-keys';
import { API_VERSION } from './config';
import { log } from './log';

export const PASSWORD_ROUNDS = 11;

/** Where the console is reached: MD_PUBLIC_URL, else the address `npm start` listens on. */
export const consoleUrl = () =>
  process.env.MD_PUBLIC_URL?.replace(/\/$/, '') ||
  `http://${process.env.HOSTNAME && process.env.HOSTNAME !== '0.0.0.0' ? process.env.HOSTNAME : '127.0.0.1'}:${process.env.PORT ?? 3000}`;

/**
 * First run (API-CONTRACT §3). With an empty database: a root organization and an admin
 * sandbox key with scope `*` — MD_BOOTSTRAP_API_KEY when set, else a generated secret printed
 * once to stdout. MD_BOOTSTRAP_ADMIN_EMAIL/PASSWORD add the console admin user. Runs under an
 * advisory lock so several processes starting together create one organization.
 */
export async function bootstrap(db: PrismaClient) {
  const printed = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(727001)`;
      let org = await tx.organization.findFirst({ where: { parent_id: null }, orderBy: { id: 'asc' } });
      const fresh = !org;
      org ??= await tx.organization.create({
        data: {
          id: newId('organization'),
          name: process.env.MD_BOOTSTRAP_ORG_NAME ?? 'Default organization',
          type: 'operator_internal',
          features: [],
          pinned_version: API_VERSION,
        },
      });
      let generated: string | null = null;
      const configured = process.env.MD_BOOTSTRAP_API_KEY;
      if (configured) {
        if (!isWellFormedSecret(configured) || !configured.startsWith('md_test_')) {
          throw new Error('MD_BOOTSTRAP_API_KEY must be an md_test_ secret followed by at least 32 base62 characters');
        }
        if (!(await tx.apiKey.findUnique({ where: { secret_hash: hashSecret(configured) } }))) {
          await tx.apiKey.create({
            data: {
              id: newId('api_key'),
              org_id: org.id,
              env: 'sandbox',
              name: 'Bootstrap admin key',
              prefix: displayPrefix(configured),
              secret_hash: hashSecret(configured),
              scopes: ['*'],
              matter_ids: [],
            },
          });
        }
      } else if (fresh) {
        const s = newSecret('sandbox');
        await tx.apiKey.create({
          data: {
            id: newId('api_key'),
            org_id: org.id,
            env: 'sandbox',
            name: 'Bootstrap admin key',
            prefix: s.prefix,
            secret_hash: s.hash,
            scopes: ['*'],
            matter_ids: [],
          },
        });
        generated = s.secret;
      }
      const email = process.env.MD_BOOTSTRAP_ADMIN_EMAIL?.toLowerCase();
      const password = process.env.MD_BOOTSTRAP_ADMIN_PASSWORD;
      if (email && password && !(await tx.user.findFirst({ where: { org_id: org.id, email } }))) {
        await tx.user.create({
          data: {
            id: newId('user'),
            org_id: org.id,
            email,
            name: 'Administrator',
            roles: ['admin'],
            matter_ids: [],
            status: 'active',
            password_hash: await bcrypt.hash(password, PASSWORD_ROUNDS),
          },
        });
        log.info({ email, organization_id: org.id }, 'bootstrap admin user created');
      }
      const admins = await tx.user.count({ where: { org_id: org.id, status: 'active' } });
      return generated ? { org: org.id, secret: generated, noAdmin: admins === 0 } : null;
    },
    { timeout: 60_000, maxWait: 60_000 },
  );
  if (printed) {
    // Printed once, on the run that created it; only its hash is stored.
    process.stdout.write(
      `\nFirst run: organization ${printed.org} created.\nAdmin sandbox API key (shown once, store it now):\n  ${printed.secret}\n` +
        `Console: ${consoleUrl()}/ (sign in; Developers → API keys issues production keys once production access is granted)\n\n`,
    );
    if (printed.noAdmin) {
      process.stdout.write(
        'No console user yet: set MD_BOOTSTRAP_ADMIN_EMAIL and MD_BOOTSTRAP_ADMIN_PASSWORD and restart, or invite one with POST /v1/organizations/{id}/users.\n\n',
      );
    }
  }
}
