/**
 * A production admin key for tests, issued the way a customer gets their first one: the root
 * organization's admin, signed in to the console, grants production access (the root reviews
 * itself, with a reason) if it is not granted yet, switches the console to production and
 * issues the key on the API keys page's procedure. The session is switched back to the
 * sandbox afterwards, since fixtures share it. (A sandbox key never issues production keys.)
 */
import { consoleSession } from './console-session';
import type { TestServer } from './server';

async function must<T>(p: Promise<{ ok: boolean; data?: T; error?: unknown }>, what: string): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`production key (${what}) failed: ${JSON.stringify(r.error)}`);
  return r.data as T;
}

export async function productionAdminKey(srv: TestServer, orgId: string, scopes: string[] = ['*']): Promise<string> {
  const s = await consoleSession(srv.url);
  const settings = await must<any>(s.query('organization.settings', undefined), 'settings');
  if (settings.organization.organization_id !== orgId)
    throw new Error('productionAdminKey issues keys of the root organization (the admin user’s)');
  if (!settings.organization.features.includes('production_access')) {
    await must(
      s.mutate('organization.update', {
        organization_id: orgId,
        features: [...settings.organization.features, 'production_access'],
        reason: 'Test onboarding review',
      }),
      'grant production access',
    );
  }
  await must(s.mutate('session.setEnvironment', { environment: 'production' }), 'switch to production');
  try {
    const k = await must<any>(
      s.mutate('organization.issueKey', {
        organization_id: orgId,
        environment: 'production',
        scopes,
        name: 'production admin (test)',
      }),
      'issue key',
    );
    return k.secret_once;
  } finally {
    await must(s.mutate('session.setEnvironment', { environment: 'sandbox' }), 'switch back to the sandbox');
  }
}
