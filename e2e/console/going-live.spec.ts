import { expect, test, type Page } from '../fixtures';
import {
  createMatter,
  invite,
  rest,
  rootOrgId,
  seriousViolations,
  setPasswordThroughInvite,
  signIn,
  signInAsAdmin,
  unique,
} from './helpers';

const PASSWORD = 'a-long-enough-password-7';
const emailFor = (what: string) => `${unique(what).replace(/\W+/g, '-').toLowerCase()}@e2e.test`;

/** Nothing wider than the viewport: tables scroll inside their own box. */
async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `page wider than ${width} px`).toBeLessThanOrEqual(0);
}

test('going live: the admin grants production, issues a live key once, and the key reads production only', async ({
  page,
  request,
}) => {
  const org = await rootOrgId(request);
  const api = rest(request);
  const sandboxId = await createMatter(request, unique('Sandbox matter'));
  await signInAsAdmin(page);
  const env = page.getByRole('group', { name: 'Environment' });
  await expect(env.getByRole('button', { name: 'Production' })).toBeDisabled();
  try {
    // The onboarding review: the root organization's admin is its own reviewer, with a reason.
    await page.getByRole('link', { name: 'Organization' }).click();
    await expect(page.getByTestId('production-access')).toContainText('not granted');
    expect(await seriousViolations(page), 'organization page').toEqual([]);
    const grant = page.getByRole('button', { name: 'Grant production access' });
    await expect(grant).toBeDisabled();
    await page.getByLabel('Onboarding review: reason for granting production access').fill('Go-live review passed');
    await grant.click();
    await expect(page.getByTestId('production-access')).toContainText(/Production access: granted\./);
    await fitsWidth(page, 390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Production, then the API keys page. Bad input is answered next to its field.
    await page.reload();
    await env.getByRole('button', { name: 'Production' }).click();
    await expect(env.getByRole('button', { name: 'Production' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'API keys' }).click();
    await expect(page.getByRole('heading', { name: 'API keys (production)' })).toBeVisible();
    await page.locator('#key-environment').selectOption('production');
    await page.getByLabel('Expires (optional)').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Issue key' }).click();
    await expect(page.locator('#key-expires-error')).toContainText('must be in the future');
    await expect(page.getByTestId('key-secret-box')).toHaveCount(0);

    const name = unique('Live key');
    await page.getByLabel('Expires (optional)').fill('');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Issue key' }).click();
    const box = page.getByTestId('key-secret-box');
    await expect(box).toBeVisible();
    const secret = await page.getByLabel('API key secret').inputValue();
    expect(secret).toMatch(/^md_live_[0-9A-Za-z]{32,}$/);
    const row = page.getByTestId('key-row').filter({ hasText: name });
    await expect(row).toContainText('Production');
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Every matter');
    expect(await seriousViolations(page), 'API keys page').toEqual([]);
    await fitsWidth(page, 390);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Shown once: gone after a reload, and the list never carries it.
    await page.reload();
    await expect(page.getByTestId('key-secret-box')).toHaveCount(0);
    await expect(page.getByTestId('key-row').filter({ hasText: name })).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    // The key reads production and not the sandbox.
    const headers = { Authorization: `Bearer ${secret}` };
    const liveMatter = await request.post('/v1/matters', {
      headers,
      data: { name: unique('Live'), mode: 'enforcement' },
    });
    expect(liveMatter.status()).toBe(201);
    expect((await request.get(`/v1/matters/${sandboxId}`, { headers })).status()).toBe(404);
    expect((await api.get(`/v1/matters/${(await liveMatter.json()).matter_id}`)).status).toBe(404);

    // Revoke it: it stops working at once.
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: `Revoke ${name}` }).click();
    await expect(page.getByTestId('key-row').filter({ hasText: name })).toContainText('Revoked');
    expect((await request.get('/v1/matters', { headers })).status()).toBe(401);
  } finally {
    await api.patch(`/v1/organizations/${org}`, { features: [] });
  }
});

test('a viewer sees the keys but no key management', async ({ page, request }) => {
  const email = emailFor('viewer');
  await setPasswordThroughInvite(page, await invite(request, { email, roles: ['viewer'] }), PASSWORD);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/matters$/);
  await page.getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { name: 'API keys (sandbox)' })).toBeVisible();
  await expect(page.getByTestId('key-row').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Issue API key' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Roll|Revoke) / })).toHaveCount(0);
  await page.getByRole('link', { name: 'Organization' }).click();
  await expect(page.getByRole('button', { name: /production access/ })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Organization profile' })).toHaveCount(0);
});

test('a matter-restricted user sees only what the API would show', async ({ page, request }) => {
  const mine = unique('Restricted mine');
  const other = unique('Restricted other');
  const mineId = await createMatter(request, mine);
  await createMatter(request, other);
  const email = emailFor('restricted-dev');
  await setPasswordThroughInvite(
    page,
    await invite(request, { email, roles: ['operator'], matter_ids: [mineId] }),
    PASSWORD,
  );
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/matters$/);
  await expect(page.getByRole('table', { name: 'Matters' })).toContainText(mine);
  await expect(page.getByRole('table', { name: 'Matters' })).not.toContainText(other);
  await expect(page.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  // Listing keys is organization-wide: the API answers a restricted key 403 matter_restricted_key.
  await page.goto('/developers/api-keys');
  await expect(page.getByTestId('no-access')).toContainText('matter_restricted_key');
  await expect(page.getByTestId('key-row')).toHaveCount(0);
});

test('the site root: signed out a landing page, signed in the console', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in to the console' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/docs');
  expect(await seriousViolations(page), 'landing page').toEqual([]);
  await signInAsAdmin(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/matters$/);
});
