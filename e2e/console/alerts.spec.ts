import { expect, test } from '../fixtures';
import { randomBytes } from 'node:crypto';
import { rest, seriousViolations, signInAsAdmin, unique } from './helpers';

const BINANCE_9 = '0x001866ae5b3de6caa5a51543fd9fb64f524f5478';

test.describe('alert triage in the console', () => {
  test('the inbox shows a new alert live; the alert shows its evidence; triage, then create an action', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = rest(request);
    const m = await api.post('/v1/matters', {
      name: unique('Alert triage matter'),
      mode: 'enforcement',
      economics: { currency: 'USD' },
    });
    expect(m.status).toBe(201);
    const matterId = m.body.matter_id;
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

    await signInAsAdmin(page);
    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Alerts');
    await page.getByLabel('Type').selectOption('exchange_proximity');
    // The scanner raises the alert after the page is open: the inbox picks it up by itself.
    const t = await api.post('/v1/sandbox/chain/transfers', {
      network: 'ethereum',
      from_address: debtor,
      to_address: BINANCE_9,
      asset: 'USDT',
      amount: '2500',
    });
    expect(t.status).toBe(201);
    const row = page.getByTestId('alert-row').filter({ hasText: matterId });
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await row.getByRole('link', { name: 'Exchange proximity' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toContainText('Exchange proximity');
    const evidence = page.getByTestId('evidence');
    await expect(evidence).toContainText(t.body.transaction_hash);
    await expect(evidence).toContainText(/binance/i);
    await expect(evidence).toContainText('Debtor hot wallet');
    await expect(evidence).toContainText('2500 USDT');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Notes').fill('Funds at Binance: request a freeze');
    await page.getByTestId('triage-actionable').click();
    await expect(page.getByTestId('alert-status')).toContainText('Actionable');
    await expect(page.getByText('Funds at Binance: request a freeze')).toBeVisible();
    await page.getByTestId('create-action').click();
    await expect(page.getByTestId('linked-action')).toBeVisible();

    const alerts = await api.get(`/v1/alerts?matter_id=${matterId}&type=exchange_proximity`);
    const a = alerts.body.data[0];
    expect(a.status).toBe('actionable');
    expect(a.notes).toBe('Funds at Binance: request a freeze');
    const action = await api.get(`/v1/actions/${a.linked_action_id}`);
    expect(action.body.linked_alert_id).toBe(a.alert_id);
  });
});
