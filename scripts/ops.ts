/**
 * `npm run ops -- <command>`: the operator's path to production, at the database (PostgreSQL
 * with DATABASE_URL; the PGlite folder MD_DATA_DIR only while the server is stopped — its lock
 * refuses a second process). Runs the same services as the API and console, audited.
 *
 *   npm run ops -- orgs
 *   npm run ops -- grant-production [--org org_…] --reason "onboarding review passed, ticket 12"
 *   npm run ops -- withdraw-production [--org org_…] --reason "…"
 *   npm run ops -- issue-key [--org org_…] [--env production] [--scopes '*'] [--name …] [--expires ISO]
 *
 * --org defaults to the root organization; the operator recorded is --by or $USER.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { closeDb } from '../src/server/db/client';
import { ready } from '../src/server/db/ready';
import { ApiError } from '../src/server/errors';
import { consoleUrl } from '../src/server/bootstrap';
import {
  issueOperatorKey,
  listAllOrganizations,
  setProductionAccess,
} from '../src/server/services/organizations/operator';

const USAGE = `Usage: npm run ops -- <command> [options]
  orgs                                   list organizations (id, name, parent, features)
  grant-production    --reason TEXT [--org ID] [--by NAME]
  withdraw-production --reason TEXT [--org ID] [--by NAME]
  issue-key [--org ID] [--env production|sandbox] [--scopes '*'] [--name TEXT] [--expires ISO] [--by NAME]
`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    org: { type: 'string' },
    reason: { type: 'string', default: '' },
    by: { type: 'string' },
    env: { type: 'string', default: 'production' },
    scopes: { type: 'string', default: '*' },
    name: { type: 'string' },
    expires: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const command = positionals[0];
if (values.help || !command) {
  process.stdout.write(USAGE);
  process.exit(command ? 0 : 2);
}
const operator = values.by ?? process.env.USER ?? userInfo().username;

let code = 0;
try {
  // Migrated and bootstrapped: on an empty database this is the first run (it prints its key).
  const db = await ready();
  if (command === 'orgs') {
    for (const o of await listAllOrganizations(db))
      process.stdout.write(
        `${o.id}  ${o.name}  parent=${o.parent_id ?? '-'}  features=${o.features.join(',') || '-'}\n`,
      );
  } else if (command === 'grant-production' || command === 'withdraw-production') {
    const o = await setProductionAccess(db, {
      orgId: values.org,
      reason: values.reason!,
      operator,
      withdraw: command === 'withdraw-production',
    });
    process.stdout.write(
      `${o.name} (${o.organization_id}): production access ${command === 'grant-production' ? 'granted' : 'withdrawn'}; audit event ${o.audit_ref}.\n`,
    );
  } else if (command === 'issue-key') {
    if (values.env !== 'production' && values.env !== 'sandbox')
      throw new ApiError('parameter_invalid', '--env is production or sandbox.', { param: 'env' });
    const k = await issueOperatorKey(db, {
      orgId: values.org,
      environment: values.env,
      scopes: values.scopes!.split(/[\s,]+/).filter(Boolean),
      name: values.name ?? `Issued by ${operator}`,
      expires_at: values.expires ?? null,
      operator,
    });
    process.stdout.write(
      `Key ${k.key_id} (${k.environment}, scopes ${k.scopes.join(' ')}) for ${k.organization_id}.\n` +
        `Secret (shown once, store it now):\n  ${k.secret_once}\n` +
        `Console: ${consoleUrl()}/developers/api-keys\n`,
    );
  } else {
    process.stderr.write(`Unknown command ${command}.\n${USAGE}`);
    code = 2;
  }
} catch (e) {
  if (e instanceof ApiError) process.stderr.write(`Refused (${e.code}): ${e.message}\n`);
  else process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  code = 1;
} finally {
  await closeDb();
}
process.exit(code);
