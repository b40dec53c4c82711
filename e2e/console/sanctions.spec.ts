import { expect, test } from '../fixtures';
import { E2E } from '../../playwright.config';
import { invite, rest, seriousViolations, setPasswordThroughInvite, signIn, unique, userIdByEmail } from './helpers';

const PASSWORD = 'counsel-password-long-1';
// A Lazarus Group (SDN 27307, DPRK3) address of the shipped 2025-11-19 OFAC ETH list.
const LAZARUS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';

test.describe('sanctions in the console', () => {
  test('counsel decides: the queue shows the subject beside the SDN entry; clearing lifts the pause, blocking starts the OFAC report', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = rest(request);
    const m = await api.post('/v1/matters', {
      name: unique('Sanctions matter'),
      mode: 'enforcement',
      economics: { currency: 'USD' },
    });
    expect(m.status).toBe(201);
    const matterId = m.body.matter_id;
    const screen = async (subjects: Record<string, string[]>) => {
      const s = await api.post('/v1/sanctions/screen', { matter_id: matterId, ...subjects });
      expect(s.status).toBe(200);
      return s.body;
    };
    // 'Yevgeny': alt.csv lists 'PRIGOZHIN, Evgeny' as an a.k.a., so that spelling is an exact alias match.
    const fuzzy = await screen({ counterparties: ['Yevgeny Prigozhin'] });
    const listed = await screen({ wallets: [LAZARUS.toLowerCase()] });
    expect(listed.ordinary_collection_paused).toBe(true);
    const r1 = await api.post('/v1/sanctions/review-packet', { matter_id: matterId, screen_id: fuzzy.review_id });
    const r2 = await api.post('/v1/sanctions/review-packet', { matter_id: matterId, screen_id: listed.review_id });
    expect(r1.status).toBe(201);
    expect(r2.status).toBe(201);

    // A counsel user, invited through the API, signs in.
    const email = `${unique('counsel').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
    await setPasswordThroughInvite(page, await invite(request, { email, roles: ['counsel'] }), PASSWORD);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/matters$/);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Sanctions' }).click();
    await expect(page).toHaveURL(/\/sanctions$/);

    const queue = page.locator('#reviews-in_review-title').locator('xpath=ancestor::section');
    const fuzzyCard = queue.getByTestId('review-card').filter({ hasText: r1.body.review_id });
    const listedCard = queue.getByTestId('review-card').filter({ hasText: r2.body.review_id });
    // Side by side: the screened subject and the SDN entry it matched.
    await expect(listedCard.getByTestId('match-row').first()).toContainText(LAZARUS.toLowerCase());
    await expect(listedCard.getByTestId('sdn-name').first()).toHaveText('Lazarus Group');
    await expect(listedCard).toContainText('DPRK3');
    await expect(fuzzyCard.getByTestId('sdn-name').first()).toHaveText('PRIGOZHIN, Yevgeniy Viktorovich');
    await expect(fuzzyCard).toContainText('Fuzzy');
    expect(await seriousViolations(page), 'sanctions page').toEqual([]);

    // Clearing needs a reason: the service refuses without one, and the page shows it.
    await fuzzyCard.getByRole('button', { name: 'Clear (false positive)' }).click();
    await expect(fuzzyCard.getByRole('alert')).toContainText('needs a reason');
    await fuzzyCard.getByLabel('Reason (required)').fill('Different person: born 1990 in Riga, not 1961 in Leningrad.');
    await fuzzyCard.getByRole('button', { name: 'Clear (false positive)' }).click();
    await expect(queue.getByTestId('review-card').filter({ hasText: r1.body.review_id })).toHaveCount(0);
    const clearedSection = page.locator('#reviews-cleared-title').locator('xpath=ancestor::section');
    await expect(clearedSection.getByTestId('review-card').filter({ hasText: r1.body.review_id })).toContainText(
      'Different person',
    );

    // Still paused by the listed wallet until it is decided; blocking keeps it paused and requires the report.
    expect((await api.get(`/v1/sanctions/${listed.review_id}`)).body.ordinary_collection_paused).toBe(true);
    await listedCard.getByLabel('Reason (required)').fill('Listed DPRK wallet: property blocked.');
    await listedCard.getByRole('button', { name: 'Block…' }).click();
    await listedCard.getByRole('button', { name: 'Confirm block' }).click();
    const blockedSection = page.locator('#reviews-blocked-title').locator('xpath=ancestor::section');
    const blockedCard = blockedSection.getByTestId('review-card').filter({ hasText: r2.body.review_id });
    await expect(blockedCard).toContainText('OFAC report required');
    const review = (await api.get(`/v1/sanctions/${r2.body.review_id}`)).body;
    expect(review.status).toBe('blocked');
    expect(review.ofac_report_required).toBe(true);
    expect(review.decided_by).toMatch(/^usr_/);

    // The OFAC report workflow: started from the blocked review, due 10 business days later, moved by counsel.
    // The counsel owner is picked from the organization's users (the id is what is stored).
    const adminId = await userIdByEmail(request, E2E.adminEmail);
    await blockedCard.getByLabel('Counsel owner', { exact: true }).selectOption(adminId);
    await blockedCard.getByRole('button', { name: 'Start OFAC report' }).click();
    const row = page.getByTestId('ofac-row').filter({ hasText: r2.body.review_id });
    await expect(row).toContainText('Drafting');
    await expect(row.getByTestId('ofac-due')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(row.getByTestId('ofac-due')).not.toHaveClass(/text-red/);
    await row.getByRole('button', { name: 'Send to counsel review' }).click();
    await expect(row).toContainText('Counsel review');
    await row.getByRole('button', { name: 'Mark submitted to OFAC' }).click();
    await expect(row).toContainText('Submitted');
    expect((await api.get(`/v1/sanctions/${r2.body.review_id}`)).body.status).toBe('reported');
    expect(await seriousViolations(page), 'sanctions page after decisions').toEqual([]);
  });

  test('an operator sees the queue but cannot decide', async ({ page, request }) => {
    const email = `${unique('operator').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
    await setPasswordThroughInvite(page, await invite(request, { email, roles: ['operator'] }), PASSWORD);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/matters$/);
    await page.goto('/sanctions');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Sanctions');
    await expect(page.getByText('Only counsel and admins decide reviews.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Block' })).toHaveCount(0);
  });
});
