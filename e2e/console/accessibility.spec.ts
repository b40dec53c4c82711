import { expect, test } from '../fixtures';
import { createMatter, seriousViolations, signInAsAdmin, unique } from './helpers';

test('the main console pages have no serious or critical accessibility violations', async ({ page, request }) => {
  await page.goto('/signin');
  expect(await seriousViolations(page), 'sign-in').toEqual([]);

  const id = await createMatter(request, unique('A11y matter'));
  await signInAsAdmin(page);
  expect(await seriousViolations(page), 'matters list').toEqual([]);

  await page.goto(`/matters/${id}`);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByTestId('chain-verification')).toBeVisible();
  expect(await seriousViolations(page), 'matter page').toEqual([]);

  await page.goto('/matters/new');
  expect(await seriousViolations(page), 'new matter').toEqual([]);
});
