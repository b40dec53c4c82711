import { expect, test } from '../fixtures';
import { invite, rest, seriousViolations, setPasswordThroughInvite, signIn, unique } from './helpers';

const PASSWORD = 'counsel-password-long-1';
// A Lazarus Group (SDN 27307, DPRK3) address of the shipped 2025-11-19 OFAC ETH list: an exact match.
const LAZARUS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';

/**
 * Issue 30 parts 3 and 4 in the browser: a matter paused by an exact SDN match shows the pause
 * on its own page and in the matters list (not only on the Sanctions page), and blocking asks
 * for a reason and a confirmation, with no decision button primary or focused.
 */
test('the pause shows on the matter and the list; Block needs a reason and a confirmation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = rest(request);
  const name = unique('Paused matter');
  const m = await api.post('/v1/matters', { name, mode: 'enforcement', economics: { currency: 'USD' } });
  expect(m.status).toBe(201);
  const matterId = m.body.matter_id;
  const s = await api.post('/v1/sanctions/screen', { matter_id: matterId, wallets: [LAZARUS] });
  expect(s.status).toBe(200);
  const r = await api.post('/v1/sanctions/review-packet', { matter_id: matterId, screen_id: s.body.review_id });
  expect(r.status).toBe(201);
  const reviewId = r.body.review_id;

  const email = `${unique('counsel').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
  await setPasswordThroughInvite(page, await invite(request, { email, roles: ['counsel'] }), PASSWORD);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/matters$/, { timeout: 30_000 }); // a cold server under load

  // The matters list: a banner naming the paused matter, and a Paused badge on its row.
  await page.goto(`/matters?name=${encodeURIComponent(name)}`);
  const listBanner = page.getByRole('status', { name: 'Collection paused' });
  await expect(listBanner).toContainText('Collection paused (sanctions) on 1 matter');
  await expect(listBanner.getByRole('link', { name })).toBeVisible();
  await expect(listBanner).toContainText('need an OFAC specific license (31 CFR 501.801)');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Paused');
  expect(await seriousViolations(page), 'matters list').toEqual([]);

  // The matter page: a badge beside its status, the banner with the review, the dashboard figure.
  await page.goto(`/matters/${matterId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('#main').getByText('Collection paused', { exact: true })).toBeVisible();
  // The matter's banner first; the issuer remediation panel (a collection form) repeats it.
  const banner = page.getByTestId('pause-banner').first();
  await expect(
    page.getByRole('region', { name: 'Issuer remediation' }).getByRole('status', { name: 'Collection paused' }),
  ).toContainText('issuer freeze and burn/reissue wait for counsel and an OFAC license');
  await expect(banner).toContainText('1 sanctions match not cleared by a review decision');
  await expect(banner).toContainText('restraint and preservation stay available');
  await expect(banner).toContainText(reviewId);
  await expect(page.getByTestId('figure-collection_paused')).toHaveText('Paused');
  expect(await seriousViolations(page), 'matter page').toEqual([]);

  // The decision: neither button is primary or focused on an exact match.
  await page.goto('/sanctions');
  const card = page
    .locator('#reviews-in_review-title')
    .locator('xpath=ancestor::section')
    .getByTestId('review-card')
    .filter({ hasText: reviewId });
  await expect(card).toContainText('Exact match on the SDN list');
  const clear = card.getByRole('button', { name: 'Clear (false positive)' });
  const block = card.getByRole('button', { name: 'Block…' });
  for (const b of [clear, block]) {
    await expect(b).not.toBeFocused();
    await expect(b).not.toHaveClass(/bg-blue-700/);
    await expect(b).toHaveAttribute('type', 'button');
  }
  // Block opens a confirmation; it cannot be confirmed without a reason.
  await block.click();
  const confirm = card.getByRole('group', { name: 'Confirm blocking' });
  await expect(confirm).toContainText('It cannot be undone');
  await expect(confirm).toContainText('31 CFR 501.603');
  await expect(confirm.getByRole('button', { name: 'Confirm block' })).toBeDisabled();
  expect(await seriousViolations(page), 'block confirmation').toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await api.get(`/v1/sanctions/${reviewId}`)).body.status).toBe('in_review');

  await card.getByLabel('Reason (required)').fill('The address itself is on the SDN list (Lazarus Group).');
  await block.click();
  await card.getByRole('button', { name: 'Confirm block' }).click();
  const blocked = page
    .locator('#reviews-blocked-title')
    .locator('xpath=ancestor::section')
    .getByTestId('review-card')
    .filter({ hasText: reviewId });
  await expect(blocked).toContainText('OFAC report required');
  const review = (await api.get(`/v1/sanctions/${reviewId}`)).body;
  expect(review.status).toBe('blocked');
  expect(review.decision_reason).toContain('Lazarus Group');

  // Still paused on the matter, now naming the block.
  await page.goto(`/matters/${matterId}`);
  await expect(page.getByTestId('pause-banner').first()).toContainText('counsel confirmed the block');
});
