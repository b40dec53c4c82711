/**
 * A production admin key for tests. Since issue 8 a sandbox key never issues production keys
 * (API-CONTRACT §3: they come from production keys or from an admin in the console), so a
 * suite that needs one writes the first straight into the table, as the console would.
 */
import { newSecret } from '../../src/server/auth/api-keys';
import { newId } from '../../src/server/ids';
import type { TestServer } from './server';

export async function productionAdminKey(srv: TestServer, orgId: string, scopes: string[] = ['*']): Promise<string> {
  const s = newSecret('production');
  await srv.sql(
    `INSERT INTO api_keys (id, org_id, env, name, prefix, secret_hash, scopes, matter_ids, status)
     VALUES ($1, $2, 'production', 'production admin (test)', $3, $4, $5::text[], ARRAY[]::text[], 'active')`,
    [newId('api_key'), orgId, s.prefix, s.hash, scopes],
  );
  return s.secret;
}
