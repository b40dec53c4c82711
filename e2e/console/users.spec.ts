import { expect, test, type Page } from '../fixtures';
import {
  createMatter,
  invite,
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

test('users: the admin invites a user (the link shown once), resends the invite, changes their roles and disables them', async ({
  page,
  request,
}) => {
  const matter = unique('Access matter');
  await createMatter(request, matter);
  await signInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Users (sandbox)' })).toBeVisible();
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  expect(await seriousViolations(page), 'users page').toEqual([]);

  // Bad input is answered in the API's words, next to its field.
  const form = page.getByRole('form', { name: 'Invite user' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.locator('#invite-email-error')).toBeVisible();
  await expect(page.getByTestId('invite-link-box')).toHaveCount(0);

  const email = emailFor('invitee');
  const name = unique('Invitee');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByRole('checkbox', { name: 'Viewer', exact: true }).uncheck();
  await form.getByRole('checkbox', { name: 'Operator', exact: true }).check();
  await form.getByRole('checkbox', { name: matter }).check();
  await form.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByTestId('invite-link-box')).toBeVisible();
  const first = await page.getByLabel('Invite URL').inputValue();
  expect(first).toMatch(/\/invite\/[0-9A-Za-z]{40}$/);
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Operator');
  await expect(row).toContainText(matter);
  await expect(row).toContainText('Invited');
  expect(await seriousViolations(page), 'users page with the invite link').toEqual([]);
  await fitsWidth(page, 390);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Shown once: gone after a reload, and the list never carries it.
  await page.reload();
  await expect(page.getByTestId('invite-link-box')).toHaveCount(0);
  expect(await page.content()).not.toContain(first);

  // Resend: a new link; the old one stops working.
  await page.getByRole('button', { name: `Resend invite to ${name}` }).click();
  await expect(page.getByTestId('invite-link-box')).toBeVisible();
  const second = await page.getByLabel('Invite URL').inputValue();
  expect(second).toMatch(/\/invite\/[0-9A-Za-z]{40}$/);
  expect(second).not.toBe(first);
  const probe = await page.context().newPage();
  await probe.goto(first);
  await expect(probe.getByText('not valid any more')).toBeVisible();
  await probe.close();

  // Change their roles: operator → analyst.
  await page.getByRole('button', { name: `Edit access of ${name}` }).click();
  const access = page.getByRole('form', { name: `Access of ${name}` });
  await access.getByRole('checkbox', { name: 'Operator', exact: true }).uncheck();
  await access.getByRole('checkbox', { name: 'Analyst', exact: true }).check();
  await access.getByRole('button', { name: 'Save access' }).click();
  await expect(access).toHaveCount(0);
  await expect(row).toContainText('Analyst');
  await expect(row).not.toContainText('Operator');

  // No roles at all: refused by the API's schema, shown under the roles.
  await page.getByRole('button', { name: `Edit access of ${name}` }).click();
  await access.getByRole('checkbox', { name: 'Analyst', exact: true }).uncheck();
  await access.getByRole('button', { name: 'Save access' }).click();
  await expect(access.locator('p[id$="-roles-error"]')).toBeVisible();
  await page.getByRole('button', { name: `Edit access of ${name}` }).click();

  // The invitee sets a password with the new link; then the admin disables them.
  const other = await page.context().browser()!.newContext();
  const invitee = await other.newPage();
  await setPasswordThroughInvite(invitee, second, PASSWORD);
  await page.reload();
  await expect(row).toContainText('Active');
  page.once('dialog', (d) => d.accept());
  await page.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(row).toContainText('Disabled');
  await expect(page.getByRole('button', { name: `Edit access of ${name}` })).toHaveCount(0);
  await signIn(invitee, email, PASSWORD);
  await expect(invitee.getByRole('alert')).toBeVisible();
  await expect(invitee).toHaveURL(/\/signin/);
  await other.close();
});

test('users: the admin revokes a pending invite, and its link stops working', async ({ page, request }) => {
  const email = emailFor('revoked');
  const url = await invite(request, { email, roles: ['viewer'] });
  await signInAsAdmin(page);
  await page.goto('/settings/users');
  const row = page.getByTestId('user-row').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  page.once('dialog', (d) => d.accept());
  await row.getByRole('button', { name: /^Revoke invite of / }).click();
  await expect(row).toContainText('Disabled');
  await page.goto(url);
  await expect(page.getByText('not valid any more')).toBeVisible();
});

test('a viewer sees the users but no user management', async ({ page, request }) => {
  const email = emailFor('users-viewer');
  await setPasswordThroughInvite(page, await invite(request, { email, roles: ['viewer'] }), PASSWORD);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/matters$/);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Users (sandbox)' })).toBeVisible();
  await expect(page.getByTestId('user-row').filter({ hasText: email })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite user' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Edit access|Resend invite|Revoke invite|Disable) / })).toHaveCount(
    0,
  );
  expect(await seriousViolations(page), 'users page, viewer').toEqual([]);
});
