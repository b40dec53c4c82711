import { expect, test } from '@playwright/test';

test('the OpenAPI document covers the served operations and /docs renders it', async ({ page, request }) => {
  const doc = await (await request.get('/v1/openapi.json')).json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toContain('/v1/matters');
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Judgment Recovery Case Service API' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Matters' })).toBeVisible();
});
