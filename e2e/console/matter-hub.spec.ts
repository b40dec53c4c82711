import { expect, test, type APIRequestContext, type Page } from '../fixtures';
import { randomBytes } from 'node:crypto';
import { E2E } from '../../playwright.config';
import {
  invite,
  pickMatter,
  rest,
  seriousViolations,
  setPasswordThroughInvite,
  signIn,
  signInAsAdmin,
  unique,
  userIdByEmail,
} from './helpers';

/**
 * Issue 34, the matter as a hub: the matter page lists its own actions, packets, alerts,
 * watchlists, wallets and sanctions reviews; its dashboard cards link to the lists filtered to
 * it; lists show names (matters, users, API keys) with the id small beside them; matter and
 * user fields are pickers. At a desktop and a phone size, with axe finding nothing serious.
 */
const BINANCE_9 = '0x001866ae5b3de6caa5a51543fd9fb64f524f5478';
// A Lazarus Group (SDN 27307) address of the shipped OFAC ETH list: an exact match, so a pause.
const LAZARUS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const PASSWORD = 'hub-user-password-long-1';
const SIZES = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

/** A matter with one of each kind of work, made through the REST API as an integrator would. */
async function seedMatter(request: APIRequestContext) {
  const api = rest(request);
  const name = unique('Hub matter');
  const m = await api.post('/v1/matters', { name, mode: 'enforcement', economics: { currency: 'USD' } });
  expect(m.status).toBe(201);
  const matterId: string = m.body.matter_id;
  const adminId = await userIdByEmail(request, E2E.adminEmail);
  const grant = await api.post(`/v1/matters/${matterId}/authority`, {
    basis: 'engagement_letter',
    granted_by: 'Acme Capital GC',
    source_refs: [{ source_type: 'judgment', title: 'Entered judgment', uri: 'https://docs.example/judgment.pdf' }],
  });
  expect(grant.status).toBe(201);
  const action = await api.post('/v1/actions', {
    matter_id: matterId,
    title: 'Serve the garnishment on the bank',
    owner_id: adminId,
    priority: 'high',
  });
  expect(action.status).toBe(200);
  const debtor = `0x${randomBytes(20).toString('hex')}`;
  const w = await api.post('/v1/watchlists', {
    matter_id: matterId,
    name: 'Debtor hot wallet',
    chains: ['ethereum'],
    thresholds: { min_amount: '1000' },
    addresses: [debtor],
    reason: 'Debtor-controlled',
  });
  expect(w.status).toBe(201);
  const wallets = await api.post('/v1/attribution/wallets/import', {
    matter_id: matterId,
    wallets: [{ address: debtor, network: 'ethereum', role: 'debtor_owned' }],
  });
  expect(wallets.status).toBe(201);
  // The scanner raises an exchange-proximity alert on the watched address.
  const t = await api.post('/v1/sandbox/chain/transfers', {
    network: 'ethereum',
    from_address: debtor,
    to_address: BINANCE_9,
    asset: 'USDT',
    amount: '2500',
  });
  expect(t.status).toBe(201);
  await expect
    .poll(async () => (await api.get(`/v1/alerts?matter_id=${matterId}`)).body.data.length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  // Last, an exact SDN match: it pauses collection on the matter (the hub's banner).
  const s = await api.post('/v1/sanctions/screen', { matter_id: matterId, wallets: [LAZARUS] });
  expect(s.status).toBe(200);
  const r = await api.post('/v1/sanctions/review-packet', { matter_id: matterId, screen_id: s.body.review_id });
  expect(r.status).toBe(201);
  return { name, matterId, adminId, actionId: action.body.action_id as string, reviewId: r.body.review_id as string };
}

/**
 * The hub's own parts (the section bar, each section, a picker) lie inside the window: their
 * tables scroll inside their panels rather than widening them. (The page shell's own width at
 * phone size is the responsive layout's concern, tested with it.)
 */
async function fitsWidth(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const parts = Array.from(document.querySelectorAll(sel));
    return parts.length > 0 && parts.every((el) => el.getBoundingClientRect().right <= window.innerWidth + 1);
  }, selector);
}
const HUB_PARTS = '#main nav[aria-label="Matter sections"], #wallets, #actions, #packets, #alerts, #sanctions';

for (const size of SIZES) {
  test.describe(`the matter hub (${size.name} ${size.width}×${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('the hub lists the matter’s own work, its pause, and its cards link to the filtered lists', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const s = await seedMatter(request);
      await signInAsAdmin(page);
      await page.goto(`/matters/${s.matterId}`);
      await expect(page.getByRole('heading', { level: 1, name: s.name })).toBeVisible();

      // The sanctions pause is a banner at the top of the hub.
      await expect(page.getByTestId('pause-banner').first()).toContainText('Collection paused (sanctions)');
      await expect(page.getByTestId('pause-banner').first()).toContainText(s.reviewId);

      // The section bar reaches every section.
      const bar = page.getByRole('navigation', { name: 'Matter sections' });
      for (const label of ['Overview', 'Judgments', 'Wallets', 'Actions', 'Packets', 'Alerts', 'Sanctions', 'Ledger'])
        await expect(bar.getByRole('link', { name: label, exact: true })).toBeAttached();
      await bar.getByRole('link', { name: 'Sanctions', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/matters/${s.matterId}#sanctions$`));

      // Each section holds this matter's rows, with people by name.
      const actions = page.getByTestId('hub-actions-table');
      await expect(actions).toContainText('Serve the garnishment on the bank');
      await expect(actions).toContainText('Administrator');
      await expect(actions).toContainText(s.adminId);
      await expect(page.getByTestId('hub-wallets-table')).toContainText('Debtor owned');
      await expect(page.getByTestId('hub-watchlists')).toContainText('Debtor hot wallet');
      await expect(page.getByTestId('hub-alerts-table')).toContainText('Exchange proximity');
      await expect(page.getByTestId('hub-sanctions-table')).toContainText(s.reviewId);
      await expect(page.getByTestId('hub-packets-table')).toContainText('No packets yet.');
      // The audit trail names its actors: the REST calls were made with the bootstrap key.
      await expect(page.getByTestId('audit-row').filter({ hasText: 'Bootstrap admin key' }).first()).toBeVisible();
      expect(await fitsWidth(page, HUB_PARTS), 'the hub’s sections fit the window').toBe(true);
      expect(await seriousViolations(page), 'matter hub').toEqual([]);

      // "Open actions" is a link to the team queue filtered to this matter.
      await expect(page.getByTestId('figure-open_actions')).toHaveText(/^[1-9]\d*$/);
      await page.getByRole('link', { name: /^Open actions \d+$/ }).click();
      await expect(page).toHaveURL(new RegExp(`/actions\\?queue=team&matter_id=${s.matterId}$`));
      const row = page.getByTestId('action-row').filter({ hasText: 'Serve the garnishment on the bank' });
      await expect(row).toHaveCount(1);
      for (const r of await page.getByTestId('action-row').all()) await expect(r).toContainText(s.matterId);
      // The matter column names the matter, links to it, and shows its id beside.
      await expect(row.getByRole('link', { name: s.name })).toHaveAttribute('href', `/matters/${s.matterId}`);
      await expect(row.getByRole('button', { name: s.matterId })).toBeVisible();
      // The filter is a matter picker showing the matter by name.
      await expect(page.getByLabel('Matter', { exact: true })).toHaveValue(s.matterId);
      await expect(page.getByLabel('Matter', { exact: true }).locator('option:checked')).toHaveText(s.name);
      expect(await seriousViolations(page), 'actions filtered to the matter').toEqual([]);

      // "Alerts" leads to the alerts list filtered to the matter (the filter is in the URL).
      await page.goto(`/matters/${s.matterId}`);
      await page.getByRole('link', { name: /^Alerts \d+$/ }).click();
      await expect(page).toHaveURL(new RegExp(`/alerts\\?matter_id=${s.matterId}$`));
      const alerts = page.getByTestId('alert-row');
      await expect(alerts.first()).toBeVisible();
      for (const a of await alerts.all()) await expect(a.getByRole('link', { name: s.name })).toBeVisible();
      await expect(page.getByLabel('Matter', { exact: true })).toHaveValue(s.matterId);
      expect(await seriousViolations(page), 'alerts filtered to the matter').toEqual([]);

      // Packets filtered to the matter (none yet), and back to every matter through the picker.
      await page.goto(`/packets?matter_id=${s.matterId}`);
      await expect(page.getByRole('table', { name: 'Packets' })).toContainText('No packets match.');
      await page.getByLabel('Matter', { exact: true }).selectOption('');
      await expect(page).toHaveURL(/\/packets$/);
      // The URL changes before the refreshed page (and its <title>) is in: axe waits for it.
      await expect(page).toHaveTitle(/Packets/);
      expect(await seriousViolations(page), 'packets').toEqual([]);

      // Watchlists and sanctions screens name the matter too.
      await page.goto('/watchlists');
      await expect(
        page.getByTestId('watchlist-row').filter({ hasText: s.matterId }).getByRole('link', { name: s.name }),
      ).toBeVisible();
      await page.goto('/sanctions');
      await expect(
        page.getByTestId('screen-row').filter({ hasText: s.matterId }).first().getByRole('link', { name: s.name }),
      ).toBeVisible();
      expect(await seriousViolations(page), 'sanctions').toEqual([]);

      // The crypto page is titled by the matter's name.
      await page.goto(`/matters/${s.matterId}/crypto`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Crypto · ${s.name}`);
    });
  });
}

test.describe('pickers', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a watchlist is created by picking its matter by name; the id is what is sent', async ({ page, request }) => {
    test.setTimeout(90_000);
    const api = rest(request);
    const name = unique('Picker matter');
    const m = await api.post('/v1/matters', { name, mode: 'enforcement', economics: { currency: 'USD' } });
    expect(m.status).toBe(201);
    await signInAsAdmin(page);
    await page.goto('/watchlists');
    await expect(await pickMatter(page, name)).toHaveValue(m.body.matter_id);
    await page.getByLabel('Name', { exact: true }).fill('Picked wallet');
    await page.getByTestId('create-watchlist').click();
    await expect(page.getByTestId('watchlist-row').filter({ hasText: 'Picked wallet' }).first()).toContainText(name);
    const lists = await api.get(`/v1/watchlists?matter_id=${m.body.matter_id}`);
    expect(lists.body.data.map((w: { name: string }) => w.name)).toEqual(['Picked wallet']);
    expect(await fitsWidth(page, '#wl-matter'), 'the picker fits the window').toBe(true);
    expect(await seriousViolations(page), 'watchlists with the picker').toEqual([]);

    // The new matter form picks lead counsel from the organization's users.
    await page.goto('/matters/new');
    await page.getByLabel('Search lead counsel').fill('Administrator');
    await page.getByLabel('Lead counsel', { exact: true }).selectOption({ label: `Administrator (${E2E.adminEmail})` });
    expect(await seriousViolations(page), 'new matter form').toEqual([]);
  });

  test('a matter-restricted user sees only its matters in pickers, names and filtered lists', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const api = rest(request);
    const mine = await api.post('/v1/matters', { name: unique('Visible matter'), mode: 'enforcement' });
    const other = await api.post('/v1/matters', { name: unique('Hidden matter'), mode: 'enforcement' });
    expect(other.status).toBe(201);
    const email = `${unique('restricted').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
    const url = await invite(request, { email, roles: ['operator'], matter_ids: [mine.body.matter_id] });
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await ctx.newPage();
    await setPasswordThroughInvite(page, url, PASSWORD);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/matters$/, { timeout: 30_000 });

    // The picker offers the visible matter only, even when searched for the other by name.
    await page.goto('/actions?queue=team');
    await page.getByLabel('Search matter').fill(other.body.name);
    const picker = page.getByLabel('Matter', { exact: true });
    await expect(picker.locator('option')).toHaveText(['Any matter']);
    await page.getByLabel('Search matter').fill('');
    await expect(picker.locator('option', { hasText: mine.body.name })).toHaveCount(1);

    // Another matter's name is not given out, and its filtered lists are empty.
    const names = await page.request.get(
      `/api/trpc/names.lookup?input=${encodeURIComponent(
        JSON.stringify({ json: { matter_ids: [mine.body.matter_id, other.body.matter_id] } }),
      )}`,
    );
    expect(names.status()).toBe(200);
    const out = (await names.json()).result.data.json;
    expect(Object.keys(out.matters)).toEqual([mine.body.matter_id]);
    await page.goto(`/alerts?matter_id=${other.body.matter_id}`);
    await expect(page.getByRole('table', { name: 'Alerts' })).toContainText('No alerts match.');
    await page.goto(`/matters/${other.body.matter_id}`);
    await expect(page.getByRole('heading', { level: 1, name: other.body.name })).toHaveCount(0);
    await ctx.close();
  });
});
