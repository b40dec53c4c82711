import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';

/** REST calls with the bootstrap admin key (sandbox), the way an integrator would make them. */
export function rest(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${E2E.adminKey}` };
  return {
    get: async (path: string) => {
      const r = await request.get(path, { headers });
      return { status: r.status(), body: await r.json() };
    },
    post: async (path: string, data: unknown) => {
      const r = await request.post(path, { headers, data });
      return { status: r.status(), body: await r.json() };
    },
    patch: async (path: string, data: unknown) => {
      const r = await request.patch(path, { headers, data });
      return { status: r.status(), body: await r.json() };
    },
    delete: async (path: string) => {
      const r = await request.delete(path, { headers });
      return { status: r.status(), body: await r.json() };
    },
  };
}

/** A name no other test (or earlier run on the same database) uses. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function rootOrgId(request: APIRequestContext): Promise<string> {
  const r = await rest(request).get('/v1/organizations');
  expect(r.status).toBe(200);
  return r.body.data.find((o: { parent_id: string | null }) => o.parent_id === null).organization_id;
}

export async function userIdByEmail(request: APIRequestContext, email: string): Promise<string> {
  const org = await rootOrgId(request);
  const r = await rest(request).get(`/v1/organizations/${org}/users?limit=100`);
  return r.body.data.find((u: { email: string }) => u.email === email).user_id;
}

export async function createMatter(request: APIRequestContext, name: string): Promise<string> {
  const r = await rest(request).post('/v1/matters', { name, mode: 'enforcement', economics: { currency: 'USD' } });
  expect(r.status).toBe(201);
  return r.body.matter_id;
}

/** Invites a user through the REST API; returns the one-time invite_url. */
export async function invite(
  request: APIRequestContext,
  user: { email: string; roles: string[]; matter_ids?: string[] },
): Promise<string> {
  const org = await rootOrgId(request);
  const r = await rest(request).post(`/v1/organizations/${org}/users`, { name: 'Invited User', ...user });
  expect(r.status).toBe(201);
  return r.body.invite_url;
}

/** Picks a matter in the page's Matter picker by name: searched first, since the picker lists
 *  only the newest matters. Returns the picker. */
export async function pickMatter(page: Page, name: string) {
  await page.getByLabel('Search matter').fill(name);
  const picker = page.getByLabel('Matter', { exact: true });
  await picker.selectOption({ label: name });
  return picker;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAsAdmin(page: Page) {
  await signIn(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page).toHaveURL(/\/matters$/);
  await expect(page.getByTestId('signed-in-user')).toContainText(E2E.adminEmail);
}

/** Opens an invite_url and sets the password through the page. */
export async function setPasswordThroughInvite(page: Page, inviteUrl: string, password: string) {
  await page.goto(inviteUrl);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/signin\?activated=1/);
}

/** Serious and critical WCAG 2.x A/AA violations on the current page (none allowed). */
export async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}
