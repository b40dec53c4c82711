import { expect, test } from '../fixtures';
import { rest, seriousViolations, signInAsAdmin, unique } from './helpers';

const BINANCE_9 = '0x001866ae5b3de6caa5a51543fd9fb64f524f5478'; // labelled exchange (Etherscan)
const LAZARUS = '0x08723392Ed15743cc38513C4925f5e6be5c17243'; // OFAC SDN
const hex = () => `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;

test.describe('a matter’s Crypto page', () => {
  test('wallets, asset map, timeline chart and the attribution graph with node details', async ({ page, request }) => {
    test.setTimeout(120_000);
    const api = rest(request);
    const name = unique('Crypto matter');
    const m = await api.post('/v1/matters', { name, mode: 'enforcement', economics: { currency: 'USD' } });
    expect(m.status).toBe(201);
    const matterId = m.body.matter_id;
    expect(
      (
        await api.post(`/v1/matters/${matterId}/authority`, {
          basis: 'engagement_letter',
          granted_by: 'Counsel',
          source_refs: [{ source_type: 'engagement_letter', title: 'EL' }],
        })
      ).status,
    ).toBe(201);
    const debtor = hex();
    const deposit = hex();
    const t = (from: string, to: string, asset: string, amount: string, timestamp: string) =>
      api.post('/v1/sandbox/chain/transfers', {
        network: 'ethereum',
        from_address: from,
        to_address: to,
        asset,
        amount,
        timestamp,
      });
    expect((await t(hex(), debtor, 'USDT', '5000', '2025-05-01T10:00:00Z')).status).toBe(201);
    expect((await t(LAZARUS, debtor, 'ETH', '1.25', '2025-05-02T10:00:00Z')).status).toBe(201);
    expect((await t(debtor, deposit, 'USDT', '1000', '2025-05-03T10:00:00Z')).status).toBe(201);
    expect((await t(deposit, BINANCE_9, 'USDT', '1000', '2025-05-04T10:00:00Z')).status).toBe(201);
    expect(
      (
        await api.post('/v1/attribution/claims', {
          matter_id: matterId,
          subject: 'Dana Debtor',
          predicate: 'owns',
          object: debtor,
          source_type: 'exchange_response',
          source_refs: [{ source_type: 'exchange_response', title: 'Binance response 2025-06' }],
        })
      ).status,
    ).toBe(201);

    await signInAsAdmin(page);
    await page.goto(`/matters/${matterId}`);
    await page.getByRole('link', { name: 'Crypto', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/matters/${matterId}/crypto$`));

    // Import the debtor's wallet through the page.
    await page.getByLabel('Wallet address').fill('0x1234');
    await page.getByRole('button', { name: 'Import wallet' }).click();
    await expect(page.locator('#wallet-address-error')).toBeVisible();
    await page.getByLabel('Wallet address').fill(debtor);
    await page.getByRole('button', { name: 'Import wallet' }).click();
    await expect(page.getByRole('heading', { name: 'Wallets (1)' })).toBeVisible();

    // The asset map: holdings, value at peg, the deposit-pattern hypothesis and USDT exposure.
    await page.getByRole('button', { name: 'Build asset map' }).click();
    const holdings = page.getByRole('table', { name: 'Holdings' });
    await expect(holdings).toContainText('USDT');
    await expect(holdings).toContainText('4000');
    await expect(page.getByTestId('asset-map-value')).toHaveText('$4,000.00');
    await expect(page.getByRole('table', { name: 'Exchange hypotheses' })).toContainText('binance');
    await expect(page.getByRole('table', { name: 'Exchange hypotheses' })).toContainText('Deposit pattern');
    await expect(page.getByRole('table', { name: 'Stablecoin exposure' })).toContainText('addBlackList');

    // The timeline chart and its events, naming the OFAC-listed counterparty.
    await page.getByRole('button', { name: 'Build timeline' }).click();
    // One panel per unit on a time axis (ETH apart from dollar stablecoins), and a USD view.
    const chart = page.getByTestId('timeline-chart');
    await expect(chart.locator('.recharts-scatter-symbol').first()).toBeVisible();
    const units = await chart
      .getByTestId('timeline-series')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-unit')));
    expect(new Set(units).size).toBe(units.length);
    await chart.getByRole('button', { name: 'In USD' }).click();
    await expect(chart.getByTestId('timeline-series')).toHaveCount(1);
    await expect(chart.getByTestId('timeline-series')).toHaveAttribute('data-unit', 'USD');
    await expect(page.getByRole('table', { name: 'Timeline events' })).toContainText('Lazarus Group');

    // The graph: build it, click the wallet node, read its claim and source.
    await page.getByRole('button', { name: 'Build graph' }).click();
    const graph = page.getByTestId('attribution-graph');
    await expect(graph.locator('canvas').first()).toBeVisible();
    await expect(graph).toHaveAttribute('aria-label', /Attribution graph: \d+ nodes/);
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Wallet');
    await expect(page.getByLabel('Zoom to')).toBeVisible();
    // Bring the graph into view first: cytoscape maps pointer events through the container
    // position it caches, which a scroll during the click itself would leave stale.
    await graph.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    const position = await graph.evaluate((el, id) => {
      const cy = (
        el as HTMLElement & { cy: { getElementById(id: string): { renderedPosition(): { x: number; y: number } } } }
      ).cy;
      return cy.getElementById(id).renderedPosition();
    }, debtor.toLowerCase());
    const box = (await graph.boundingBox())!;
    await page.mouse.move(box.x + position.x, box.y + position.y);
    await page.mouse.down();
    await page.mouse.up();
    const details = page.getByTestId('node-details');
    await expect(details).toContainText('Wallet');
    await expect(details).toContainText('Dana Debtor');
    await expect(details).toContainText('Binance response 2025-06');
    await expect(details).toContainText('Strong');

    expect(await seriousViolations(page)).toEqual([]);
  });
});
