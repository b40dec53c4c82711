import { expect, test } from '../fixtures';
import { createMatter, rest, rootOrgId, signInAsAdmin, unique } from './helpers';

test('the environment switch: production only with production_access, and the data never mixes', async ({
  page,
  context,
  request,
}) => {
  const org = await rootOrgId(request);
  const api = rest(request);
  const sandboxName = unique('Sandbox only');
  const sandboxId = await createMatter(request, sandboxName);
  await signInAsAdmin(page);
  await expect(page.getByTestId('sandbox-banner')).toBeVisible();
  const env = page.getByRole('group', { name: 'Environment' });
  await expect(env.getByRole('button', { name: 'Sandbox' })).toHaveAttribute('aria-pressed', 'true');
  await expect(env.getByRole('button', { name: 'Production' })).toBeDisabled();

  const enabled = await api.patch(`/v1/organizations/${org}`, { features: ['production_access'] });
  expect(enabled.status).toBe(200);
  try {
    await page.reload();
    // A second tab still shows a sandbox matter while the first one switches.
    const other = await context.newPage();
    await other.goto(`/matters/${sandboxId}`);
    await env.getByRole('button', { name: 'Production' }).click();
    await expect(env.getByRole('button', { name: 'Production' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('sandbox-banner')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Matters (production)' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Matters' })).not.toContainText(sandboxName);
    // The stale sandbox tab's calls are refused instead of mixing production data into it.
    // Other panels of that tab may still be loading and be refused too: look in the audit panel.
    await other.getByRole('button', { name: 'Verify chain' }).click();
    await expect(other.getByRole('region', { name: 'Audit trail' }).getByRole('alert')).toContainText(
      'switched to production',
    );
    await other.close();

    const prodName = unique('Production matter');
    await page.getByRole('link', { name: 'New matter' }).first().click();
    await page.getByLabel('Name (required)').fill(prodName);
    await page.getByRole('button', { name: 'Create matter' }).click();
    await expect(page).toHaveURL(/\/matters\/mtr_/);
    const prodId = page.url().split('/').pop()!;
    // The sandbox key cannot see it: the environments' data never mix.
    expect((await api.get(`/v1/matters/${prodId}`)).status).toBe(404);

    await env.getByRole('button', { name: 'Sandbox' }).click();
    await expect(page.getByTestId('sandbox-banner')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Matters' })).toContainText(sandboxName);
    await expect(page.getByRole('table', { name: 'Matters' })).not.toContainText(prodName);
    await page.goto(`/matters/${prodId}`);
    await expect(page.getByRole('heading', { name: 'Matter not found' })).toBeVisible();
  } finally {
    await api.patch(`/v1/organizations/${org}`, { features: [] });
  }
});
