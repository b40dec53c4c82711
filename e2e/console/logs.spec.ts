import { expect, test, type APIRequestContext, type Page } from '../fixtures';
import { E2E } from '../../playwright.config';
import {
  createMatter,
  invite,
  rootOrgId,
  seriousViolations,
  setPasswordThroughInvite,
  signIn,
  signInAsAdmin,
  unique,
} from './helpers';

const PASSWORD = 'a-long-enough-password-8';

/** Nothing wider than the viewport: tables scroll inside their own box. */
async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `page wider than ${width} px`).toBeLessThanOrEqual(0);
}

/** A request with `secret` as an integrator makes it; answers its request id. */
async function call(request: APIRequestContext, secret: string, method: 'GET' | 'POST', path: string, data?: object) {
  const headers = { Authorization: `Bearer ${secret}`, 'Idempotency-Key': unique('logs') };
  const r = method === 'GET' ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  return { status: r.status(), requestId: r.headers()['md-request-id'] };
}

test('logs: an admin sees the requests a key made, filters them, follows one to its audit entry; the key shows its last use', async ({
  page,
  request,
}) => {
  const matterName = unique('Logged matter');
  const matterId = await createMatter(request, matterName);
  const org = await rootOrgId(request);
  const keyName = unique('Logs key');
  const issued = await request.post(`/v1/organizations/${org}/api-keys`, {
    headers: { Authorization: `Bearer ${E2E.adminKey}` },
    data: { name: keyName, scopes: ['matters:read', 'audit:write'] },
  });
  expect(issued.status()).toBe(201);
  const { secret_once: secret, prefix } = (await issued.json()) as { secret_once: string; prefix: string };
  const read = await call(request, secret, 'GET', `/v1/matters/${matterId}`);
  expect(read.status).toBe(200);
  const missing = await call(request, secret, 'GET', '/v1/matters/mat_000000000000000000000000');
  expect(missing.status).toBe(404);
  const write = await call(request, secret, 'POST', '/v1/audit/events', {
    matter_id: matterId,
    event_type: 'custom.logs_viewed',
  });
  expect(write.status).toBe(201);

  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Logs', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Logs (sandbox)' })).toBeVisible();
  // The log is written within a second or so of each request: reload until the last one is in.
  const rows = page.getByTestId('request-row');
  await expect(async () => {
    await page.reload();
    await expect(rows.filter({ hasText: write.requestId })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const readRow = rows.filter({ hasText: read.requestId });
  await expect(readRow).toContainText('GET');
  await expect(readRow).toContainText(`/v1/matters/${matterId}`);
  await expect(readRow).toContainText('200');
  await expect(readRow).toContainText(keyName);
  await expect(readRow).toContainText(/\d ms/);
  await expect(rows.filter({ hasText: missing.requestId })).toContainText('404');
  expect(await seriousViolations(page), 'logs page').toEqual([]);

  // Filters: client errors only, then one key's POSTs.
  await page.getByLabel('Status').selectOption('4xx');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows.filter({ hasText: missing.requestId })).toBeVisible();
  await expect(rows.filter({ hasText: read.requestId })).toHaveCount(0);
  for (const status of await rows.locator('td:nth-child(4)').allInnerTexts()) expect(status).toMatch(/^4\d\d$/);
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Method').selectOption('POST');
  await page.getByLabel('Key', { exact: true }).selectOption({ label: `${keyName} (${prefix}…)` });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveCount(1);
  const writeRow = rows.filter({ hasText: write.requestId });
  await expect(writeRow).toContainText(keyName);

  // Bad input is answered in the API's words, next to its field.
  await page.getByLabel('Path starts with').fill('matters');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('#log-path-error')).toBeVisible();
  expect(await seriousViolations(page), 'logs page with a field error').toEqual([]);
  await page.getByLabel('Path starts with').fill('/v1/audit');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('#log-path-error')).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  await page.getByLabel('Path starts with').fill('/v1/nothing-here');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No requests match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows.filter({ hasText: read.requestId })).toBeVisible();

  // The event the write produced is listed, by the matter's name.
  await expect(page.getByTestId('event-row').first()).toBeVisible();

  await fitsWidth(page, 390);
  await fitsWidth(page, 1440);

  // The write's audit entry: the matter's audit trail, where the event is.
  await rows
    .filter({ hasText: write.requestId })
    .getByRole('link', { name: `custom.logs_viewed in ${matterName}’s audit trail` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/matters/${matterId}#audit$`));
  await expect(page.getByTestId('audit-row').filter({ hasText: 'custom.logs_viewed' })).toBeVisible();

  // The key's last use is on the API keys page.
  await page.goto('/developers/api-keys');
  const keyRow = page.getByTestId('key-row').filter({ hasText: keyName });
  await expect(keyRow).toBeVisible();
  await expect(keyRow).not.toContainText('Never used');
});

test('logs: a user restricted to matters has no Logs entry and the page says why', async ({ page, request }) => {
  const matterId = await createMatter(request, unique('Restricted logs matter'));
  const email = `${unique('logs-restricted').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
  const url = await invite(request, { email, roles: ['counsel'], matter_ids: [matterId] });
  await setPasswordThroughInvite(page, url, PASSWORD);
  await signIn(page, email, PASSWORD);
  await expect(page.getByTestId('signed-in-user')).toContainText(email);
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Logs', exact: true }),
  ).toHaveCount(0);
  await page.goto('/developers/logs');
  await expect(page.getByTestId('no-access')).toContainText('limited to specific matters');
  await expect(page.getByTestId('request-row')).toHaveCount(0);
  expect(await seriousViolations(page), 'logs refusal').toEqual([]);
});
