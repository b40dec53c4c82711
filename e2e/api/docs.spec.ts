import { expect, test } from '../fixtures';
import { ERROR_CODES } from '../../src/server/errors';
import { E2E } from '../../playwright.config';

// The reference renders in the browser; on a loaded CI machine the first paint can take a while.
test.describe.configure({ timeout: 90_000 });

/**
 * The reference as an integrator uses it: the OpenAPI document's shape, and /docs in Chromium —
 * bundled (nothing leaves the origin), an anchor per operation with curl and TypeScript-client
 * samples, search over fields, Try it with headers and query parameters, and an anchor per
 * error code (where every error's doc_url lands) with its remedy, down to a 390 px phone.
 */
test('the OpenAPI document has named components, 4xx responses, headers, tags, servers and webhooks', async ({
  request,
}) => {
  const doc = await (await request.get('/v1/openapi.json')).json();
  expect(doc.openapi).toBe('3.1.0');
  for (const name of ['Matter', 'Judgment', 'Money', 'MoneyInput', 'Error', 'AuditEvent', 'WebhookEndpoint', 'Event']) {
    expect(doc.components.schemas[name], name).toBeTruthy();
  }
  expect(doc.components.schemas.Money.required).toEqual(
    expect.arrayContaining(['amount', 'amount_decimal', 'currency']),
  );
  expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(ERROR_CODES);
  expect(Object.keys(doc.components.headers)).toEqual(
    expect.arrayContaining([
      'MD-Request-Id',
      'MD-Version',
      'MD-Audit-Ref',
      'RateLimit-Limit',
      'Idempotent-Replayed',
      'Retry-After',
    ]),
  );
  expect(doc.servers.filter((s: { url: string }) => s.url.startsWith('https://')).length).toBeGreaterThanOrEqual(2);
  expect(Object.keys(doc.webhooks)).toContain('matter.created');
  for (const [path, methods] of Object.entries<
    Record<string, { tags: string[]; responses: Record<string, unknown>; 'x-codeSamples': unknown[] }>
  >(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      expect(op.tags.length, `${method} ${path} tags`).toBe(1);
      // The signed download link needs no key, so it has no 400/401/429: a bad link is 403.
      if (path !== '/v1/exports/{export_id}/download')
        expect(
          Object.keys(op.responses).filter((s) => s.startsWith('4')).length,
          `${method} ${path} 4xx`,
        ).toBeGreaterThan(3);
      expect(op['x-codeSamples'].length).toBe(2);
    }
  }
  // A body whose fields are all optional is not required.
  expect(doc.paths['/v1/matters/{matter_id}'].patch.requestBody.required).toBe(false);
  expect(doc.paths['/v1/matters'].post.requestBody.required).toBe(true);
});

test('/docs: bundled, an anchor per operation, curl and TypeScript samples, Try it with headers', async ({ page }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(E2E.baseURL) && !r.url().startsWith('data:')) foreign.push(r.url());
  });
  await page.goto('/docs#tag/matters/POST/v1/matters');
  const op = page.locator('[id="api-1/tag/matters/POST/v1/matters"]');
  await expect(op).toBeVisible({ timeout: 30_000 });
  await expect(op.getByRole('heading', { name: /Create a matter/ })).toBeVisible();
  await expect(op.getByText('curl -X POST "$BASE_URL/v1/matters"')).toBeVisible();
  await op.getByRole('button', { name: 'curl' }).click();
  await page.getByRole('option', { name: 'TypeScript client' }).click();
  await expect(op.getByText("import { configure, createMatter } from '@judgment-recovery/client'")).toBeVisible();

  // Try it: every header (Idempotency-Key included) and the query parameters are inputs.
  await op.getByRole('button', { name: /Test Request/ }).click();
  const client = page.getByRole('dialog');
  await expect(client.getByText('Idempotency-Key').first()).toBeVisible();
  await expect(client.getByText('Query Parameters')).toBeVisible();
  await expect(client.getByText('Acme Capital v. Harbor Lane Widgets').first()).toBeVisible();
  await page.keyboard.press('Escape');
  expect(foreign, 'requests that left the origin').toEqual([]);
});

test('/docs: search finds fields inside bodies and models', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Judgment Recovery Case Service API' })).toBeVisible({
    timeout: 30_000,
  });
  await page.keyboard.press('Control+k');
  await page.keyboard.type('amount_decimal');
  await expect(page.getByRole('option', { name: /MoneyInput/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /\/v1\/ledger\/entries/ })).toBeVisible();
});

test('every error code has an anchor with an explanation and a remedy, where doc_url lands', async ({
  page,
  request,
}) => {
  await page.goto('/docs');
  for (const code of ERROR_CODES) {
    const item = page.locator(`[id="errors-${code}"]`);
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Remedy:');
  }
  const r = await request.post('/v1/matters', {
    headers: { Authorization: `Bearer ${E2E.adminKey}` },
    data: { name: 'No mode' },
  });
  const err = (await r.json()).error;
  expect(err.code).toBe('parameter_missing');
  await page.goto(err.doc_url);
  await expect(page.locator('[id="errors-parameter_missing"]')).toBeInViewport();
});

test('/docs works at 390 px: no sideways scrolling, error anchors in view', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${E2E.baseURL}/docs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Judgment Recovery Case Service API' })).toBeVisible({
    timeout: 30_000,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goto(`${E2E.baseURL}/docs#errors-authority_required`);
  await expect(page.locator('[id="errors-authority_required"]')).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.close();
});
