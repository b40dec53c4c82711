import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createMatter, signInAsAdmin, unique } from './helpers';

/** Serious and critical WCAG 2.x A/AA violations on the current page (none allowed). */
async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

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
