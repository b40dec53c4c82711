import { expect, test } from '../fixtures';
import { createMatter, rest, signInAsAdmin, unique } from './helpers';

/**
 * Record pages keep their 404 status under loading skeletons: each record segment checks its
 * record in its layout.tsx, outside the segment's own loading boundary (src/app/(console)/
 * record-gate.ts), so a missing record answers 404, not a streamed 200 with a not-found body.
 */
const fake = (prefix: string) => `${prefix}_${'0'.repeat(8)}${'Zz9'.repeat(5)}Q`;

test.describe('record pages: 404 for a missing record, 200 for a real one, a skeleton while loading', () => {
  test('every record kind answers 404 with its not-found page when the record is missing', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const matterId = await createMatter(request, unique('Record pages matter'));
    await signInAsAdmin(page);
    const cases: [string, string, RegExp][] = [
      ['matter', `/matters/${fake('mtr')}`, /Matter not found/],
      ['matter crypto', `/matters/${fake('mtr')}/crypto`, /Matter not found/],
      ['judgment', `/matters/${matterId}/judgments/${fake('jdg')}`, /Judgment not found/],
      ['packet', `/packets/${fake('pac')}`, /Packet not found/],
      ['webhook endpoint', `/webhooks/${fake('we')}`, /Webhook endpoint not found/],
      ['counterparty', `/relationships/counterparties/${fake('cou')}`, /not found/i],
      ['alert', `/alerts/${fake('ale')}`, /not found/i],
    ];
    for (const [kind, path, heading] of cases) {
      const res = await page.goto(path);
      expect(res!.status(), `${kind}: ${path}`).toBe(404);
      await expect(page.getByRole('heading', { name: heading }), kind).toBeVisible();
      await expect(page.getByTestId('page-skeleton'), kind).toHaveCount(0);
    }
  });

  test('real records answer 200', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = rest(request);
    const matterId = await createMatter(request, unique('Record pages real'));
    const rel = await api.post('/v1/relationships', {
      counterparty_type: 'exchange',
      counterparty_name: unique('Record pages exchange'),
      channel_type: 'legal_process_portal',
      usable_by_operator: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: false,
      packet_types_supported: ['exchange_freeze'],
      risk_level: 'low',
    });
    expect(rel.status).toBe(201);
    await signInAsAdmin(page);
    for (const path of [
      `/matters/${matterId}`,
      `/matters/${matterId}/crypto`,
      `/relationships/counterparties/${rel.body.counterparty_id}`,
      '/matters',
      '/packets',
      '/alerts',
      '/webhooks',
      '/relationships',
      '/developers/logs',
      '/matters/new',
    ]) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(200);
      await expect(page.getByTestId('page-skeleton'), path).toHaveCount(0);
    }
  });

  test('a record page shows its loading skeleton while the server renders it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const name = unique('Skeleton matter');
    const matterId = await createMatter(request, name);
    await signInAsAdmin(page);
    await page.goto(`/matters?name=${encodeURIComponent(name)}`);
    const link = page.getByRole('link', { name });
    await expect(link).toBeVisible();
    // The link's prefetch brings the record segment's loading state ahead of the click.
    await page.waitForLoadState('networkidle');
    // Slow down the navigation's server render (not the prefetch of the loading state): the
    // record page's own loading.tsx is then shown until the page arrives.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(
      (url) => url.pathname === `/matters/${matterId}`,
      async (route) => {
        const h = route.request().headers();
        if (h['rsc'] && !h['next-router-prefetch']) await held;
        await route.continue();
      },
    );
    await link.click();
    await expect(page.getByTestId('page-skeleton')).toBeVisible({ timeout: 10_000 });
    release();
    await expect(page.getByTestId('page-skeleton')).toHaveCount(0, { timeout: 20_000 });
    await expect(page).toHaveURL(new RegExp(`/matters/${matterId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  });
});
