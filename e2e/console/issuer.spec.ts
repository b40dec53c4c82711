import { expect, test } from '../fixtures';
import { invite, rest, seriousViolations, setPasswordThroughInvite, signIn, unique, userIdByEmail } from './helpers';

const PASSWORD = 'issuer remediation password 2026';
const HOLDER = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
// A Lazarus Group (SDN 27307, DPRK3) address of the shipped 2025-11-19 OFAC ETH list.
const LAZARUS = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const fresh = () =>
  `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;

test.describe('issuer remediation in the console', () => {
  test('counsel approves a clear destination certificate (never a listed one) and moves the remediation stage', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const api = rest(request);
    const email = `${unique('counsel').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
    const inviteUrl = await invite(request, { email, roles: ['counsel'] });
    const m = await api.post('/v1/matters', {
      name: unique('Issuer matter'),
      mode: 'enforcement',
      economics: { currency: 'USD' },
    });
    expect(m.status).toBe(201);
    const matterId = m.body.matter_id;
    const g = await api.post(`/v1/matters/${matterId}/authority`, {
      basis: 'court_order',
      granted_by: 'S.D.N.Y.',
      source_refs: [{ source_type: 'court_order', title: 'Turnover order' }],
    });
    expect(g.status).toBe(201);
    const counselId = await userIdByEmail(request, email);
    const rem = await api.post('/v1/issuer-remediation/freeze-packet', {
      matter_id: matterId,
      wallets: [HOLDER],
      packet_type: 'USDT:ethereum',
      authorized_sender: counselId,
      legal_authority_id: g.body.authority_id,
    });
    expect(rem.status).toBe(201);
    const clear = await api.post('/v1/issuer-remediation/destination-wallet-certificate', {
      matter_id: matterId,
      wallet_address: fresh(),
      network: 'ethereum',
      purpose: 'Receive reissued USDT',
      owner: 'Acme Capital LLC',
      custodian: 'Harbor Trust Company',
      signer_model: '2-of-3 multisig',
      allowed_assets: ['USDT'],
    });
    const listed = await api.post('/v1/issuer-remediation/destination-wallet-certificate', {
      matter_id: matterId,
      wallet_address: LAZARUS,
      network: 'ethereum',
      purpose: 'Receive reissued USDT',
      owner: 'Unknown',
      custodian: 'Unknown',
      signer_model: 'EOA',
      allowed_assets: ['USDT'],
    });
    expect(clear.status).toBe(201);
    expect(listed.status).toBe(201);

    await setPasswordThroughInvite(page, inviteUrl, PASSWORD);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/matters$/);
    await page.goto(`/matters/${matterId}`);
    const panel = page.locator('#issuer-remediation-title').locator('xpath=ancestor::section');
    await expect(panel).toBeVisible();
    const row = panel.getByTestId('remediation-row').filter({ hasText: rem.body.remediation_id });
    await expect(row).toContainText('Tether');
    await expect(row).toContainText('addBlackList');
    await expect(row.getByTestId('remediation-status')).toHaveText('Freeze requested');

    // The listed wallet's certificate shows the OFAC match and offers no Approve.
    const listedRow = panel.getByTestId('certificate-row').filter({ hasText: listed.body.destination_wallet_id });
    await expect(listedRow).toContainText('OFAC match');
    await expect(listedRow).toContainText('Lazarus Group');
    await expect(listedRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    expect(await seriousViolations(page), 'matter page with issuer panel').toEqual([]);

    // Counsel approves the clear one.
    const clearRow = panel.getByTestId('certificate-row').filter({ hasText: clear.body.destination_wallet_id });
    await clearRow
      .getByLabel(`Reason for ${clear.body.destination_wallet_id}`)
      .fill('Custodian KYC and control verified');
    await clearRow.getByRole('button', { name: 'Approve' }).click();
    await expect(clearRow.getByTestId('certificate-status')).toHaveText('Approved');

    // Stages: frozen, then the burn request (the approved certificate and the court-order grant allow it).
    await row.getByRole('button', { name: 'Mark frozen' }).click();
    await expect(row.getByTestId('remediation-status')).toHaveText('Frozen');
    await row.getByRole('button', { name: 'Request burn' }).click();
    await expect(row.getByTestId('remediation-status')).toHaveText('Burn requested');

    const got = await api.get(`/v1/issuer-remediation/${rem.body.remediation_id}`);
    expect(got.body.status).toBe('burn_requested');
    expect(got.body.destination_wallet_certificate_id).toBe(clear.body.destination_wallet_id);
    expect(got.body.history.map((h: { to: string }) => h.to)).toEqual(['freeze_requested', 'frozen', 'burn_requested']);
  });
});
