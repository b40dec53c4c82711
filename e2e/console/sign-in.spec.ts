import { expect, test } from '../fixtures';
import { E2E } from '../../playwright.config';
import {
  createMatter,
  invite,
  rest,
  rootOrgId,
  setPasswordThroughInvite,
  signIn,
  signInAsAdmin,
  unique,
} from './helpers';

test.describe('sign-in', () => {
  test('a visit without a session redirects to sign-in and renders no data', async ({ page, request }) => {
    const name = unique('Unseen matter');
    const id = await createMatter(request, name);
    for (const path of ['/matters', `/matters/${id}`, '/matters/new']) {
      const res = await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/signin\\?callbackUrl=${encodeURIComponent(path)}$`));
      expect(await res!.text()).not.toContain(name);
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    }
    // The console's API refuses a missing session, for reads and writes alike.
    const read = await request.get(
      `/api/trpc/matters.get?input=${encodeURIComponent(JSON.stringify({ json: { matter_id: id } }))}`,
    );
    expect(read.status()).toBe(401);
    expect((await read.json()).error.json.data.api.code).toBe('authentication_required');
    const write = await request.post('/api/trpc/matters.create', {
      headers: { origin: E2E.baseURL },
      data: { json: { name: 'x', mode: 'enforcement' } },
    });
    expect(write.status()).toBe(401);
    // Without a same-origin Origin (or Sec-Fetch-Site) a mutation is refused before anything else.
    const foreign = await request.post('/api/trpc/matters.create', {
      data: { json: { name: 'x', mode: 'enforcement' } },
    });
    expect(foreign.status()).toBe(403);
  });

  test('the configured admin signs in, lands on the page asked for, and signs out', async ({ page }) => {
    await page.goto('/matters/new');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fmatters%2Fnew$/);
    await page.getByLabel('Email').fill(E2E.adminEmail);
    await page.getByLabel('Password').fill(E2E.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/matters\/new$/);
    await expect(page.getByTestId('signed-in-user')).toContainText(E2E.adminEmail);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await page.goto('/matters');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fmatters$/);
  });

  test('a wrong password and an unknown email get the same message', async ({ page }) => {
    await signIn(page, E2E.adminEmail, 'not-the-password');
    const alert = page.getByRole('main').getByRole('alert');
    await expect(alert).toHaveText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/signin/);
    await signIn(page, 'nobody@e2e.test', 'whatever-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Incorrect email or password.');
    // The admin still gets in afterwards (one failure is far from the limit).
    await signInAsAdmin(page);
  });

  test('repeated failures are throttled with the same message and a try-later notice', async ({ page }) => {
    const email = `${unique('throttle').replace(/\W+/g, '-')}@e2e.test`;
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, `wrong-password-${i}`);
      await expect(page.getByRole('main').getByRole('alert')).toHaveText('Incorrect email or password.');
    }
    await signIn(page, email, 'wrong-password-again');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Incorrect email or password.');
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      /Too many failed attempts\. Try again in \d+ minute/,
    );
  });

  test('a forged session cookie or a disabled user gets no further than sign-in', async ({
    page,
    context,
    request,
  }) => {
    await context.addCookies([{ name: 'next-auth.session-token', value: 'forged', url: E2E.baseURL }]);
    await page.goto('/matters');
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fmatters$/);
    await context.clearCookies();

    const email = `${unique('disabled').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
    const url = await invite(request, { email, roles: ['viewer'] });
    await setPasswordThroughInvite(page, url, 'a-long-enough-password-7');
    await signIn(page, email, 'a-long-enough-password-7');
    await expect(page).toHaveURL(/\/matters$/);
    const org = await rootOrgId(request);
    const users = await rest(request).get(`/v1/organizations/${org}/users?limit=100`);
    const id = users.body.data.find((u: { email: string }) => u.email === email).user_id;
    expect((await rest(request).patch(`/v1/organizations/${org}/users/${id}`, { status: 'disabled' })).status).toBe(
      200,
    );
    // The cookie is still validly signed, but the user is read on every request.
    await page.reload();
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fmatters$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('sign-out ends the session for every copy of the cookie; an off-site callbackUrl stays on this site', async ({
    page,
    context,
    browser,
    request,
  }) => {
    // Its own user: signing out ends every session of the user, and other tests use the admin.
    const email = `${unique('signout').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
    const url = await invite(request, { email, roles: ['viewer'] });
    await setPasswordThroughInvite(page, url, 'a-long-enough-password-8');
    await signIn(page, email, 'a-long-enough-password-8');
    await expect(page).toHaveURL(/\/matters$/);
    // Tab, newline and backslash tricks land on the console, never on another host.
    for (const cb of ['%2F%09%2Fevil.example%2Fphish', '%2F%0A%2Fevil.example', '%2F%5Cevil.example']) {
      await page.goto(`/signin?callbackUrl=${cb}`);
      await expect(page).toHaveURL(new RegExp(`^${E2E.baseURL}/matters$`));
    }
    const saved = await context.cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin/);
    const replay = await browser.newContext();
    try {
      await replay.addCookies(saved);
      const other = await replay.newPage();
      await other.goto('/matters');
      await expect(other).toHaveURL(/\/signin\?callbackUrl=%2Fmatters$/);
    } finally {
      await replay.close();
    }
  });
});
