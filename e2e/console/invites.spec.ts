import { expect, test } from '../fixtures';
import { createMatter, invite, rest, rootOrgId, setPasswordThroughInvite, signIn, unique } from './helpers';

const PASSWORD = 'a-long-enough-password-7';
const emailFor = (what: string) => `${unique(what).replace(/\W+/g, '-').toLowerCase()}@e2e.test`;

test.describe('invited users', () => {
  test('an invite sets the password once through invite_url; the token cannot be reused', async ({ page, request }) => {
    const email = emailFor('invitee');
    const url = await invite(request, { email, roles: ['viewer'] });
    expect(url).toMatch(/\/invite\/[0-9A-Za-z]{40}$/);

    await page.goto(url);
    await expect(page.getByTestId('invite-email')).toHaveText(email);
    // Refusals come from the service's password rules, and leave the invitation usable.
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Repeat the password').fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('at least 12 characters');
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(`${PASSWORD}-typo`);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText('do not match');

    await setPasswordThroughInvite(page, url, PASSWORD);
    await expect(page.getByRole('main').getByRole('status')).toContainText('Your password is set');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/matters$/);
    await expect(page.getByTestId('signed-in-user')).toContainText(email);

    // The token is spent: the page says so and offers no form.
    await page.goto(url);
    await expect(page.getByRole('main').getByRole('alert')).toContainText('not valid any more');
    await expect(page.getByLabel('New password')).toHaveCount(0);

    const org = await rootOrgId(request);
    const users = await rest(request).get(`/v1/organizations/${org}/users?limit=100`);
    expect(users.body.data.find((u: { email: string }) => u.email === email).status).toBe('active');
  });

  test('a user restricted to one matter sees only that matter', async ({ page, request }) => {
    const mine = unique('Restricted A');
    const other = unique('Restricted B');
    const mineId = await createMatter(request, mine);
    const otherId = await createMatter(request, other);
    const email = emailFor('restricted');
    const url = await invite(request, { email, roles: ['operator'], matter_ids: [mineId] });
    await setPasswordThroughInvite(page, url, PASSWORD);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/matters$/);

    const table = page.getByRole('table', { name: 'Matters' });
    await expect(table).toContainText(mine);
    await expect(table).not.toContainText(other);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'New matter' })).toHaveCount(0);

    await page.goto(`/matters/${mineId}`);
    await expect(page.getByRole('heading', { level: 1, name: mine })).toBeVisible();
    const res = await page.goto(`/matters/${otherId}`);
    await expect(page.getByRole('heading', { name: 'Matter not found' })).toBeVisible();
    expect(res!.status()).toBe(404);
    expect(await page.content()).not.toContain(other);

    await page.goto('/matters/new');
    await expect(page.getByText('Your access is limited to specific matters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create matter' })).toHaveCount(0);
  });
});
