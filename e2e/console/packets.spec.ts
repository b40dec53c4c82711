import { expect, test, type APIRequestContext } from '../fixtures';
import {
  invite,
  pickMatter,
  rest,
  seriousViolations,
  setPasswordThroughInvite,
  signIn,
  unique,
  userIdByEmail,
} from './helpers';

const PASSWORD = 'packet review password 2026';
const COINBASE = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';

/** A matter with authority, a judgment and a counsel user; returns what a packet body needs. */
async function setup(request: APIRequestContext, counselEmail: string) {
  const api = rest(request);
  const matterName = unique('Packet review matter');
  const m = await api.post('/v1/matters', {
    name: matterName,
    mode: 'enforcement',
    economics: { currency: 'USD' },
  });
  expect(m.status).toBe(201);
  const matterId = m.body.matter_id;
  const g = await api.post(`/v1/matters/${matterId}/authority`, {
    basis: 'court_order',
    granted_by: 'S.D.N.Y.',
    source_refs: [{ source_type: 'court_order', title: 'Restraining order' }],
  });
  expect(g.status).toBe(201);
  const caseNumber = `1:24-cv-${Date.now().toString().slice(-5)}`;
  const j = await api.post('/v1/judgments/intake', {
    matter_id: matterId,
    court: 'U.S. District Court, S.D.N.Y.',
    case_number: caseNumber,
    jurisdiction: 'US-FED-NY',
    creditor: 'Acme Capital LLC',
    debtor: 'Harbor Lane Widgets LLC',
    amount: { amount: '100000.00', currency: 'USD' },
    date_entered: '2023-03-01',
    source_refs: [{ source_type: 'judgment', title: 'Entered judgment' }],
  });
  expect(j.status).toBe(200);
  // A packet rests on a validated judgment: its readiness checks the judgment.
  const v = await api.post(`/v1/judgments/${j.body.judgment_id}/validate`, { consumer_debt: false });
  expect(v.status).toBe(200);
  expect(v.body.enforcement_ready).toBe(true);
  // An exchange packet goes to the exchange its wallets point to (COINBASE is a Coinbase deposit
  // address): the organization needs a relationship with Coinbase that takes these packets.
  const rels = await api.get('/v1/relationships?limit=100');
  if (!rels.body.data.some((r: { counterparty_name: string }) => r.counterparty_name === 'Coinbase, Inc.')) {
    const rel = await api.post('/v1/relationships', {
      counterparty_type: 'exchange',
      counterparty_name: 'Coinbase, Inc.',
      channel_type: 'legal_process_portal',
      usable_by_operator: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: false,
      packet_types_supported: ['exchange_intercept', 'vasp_legal_process', 'exchange_freeze', 'exchange_turnover'],
      risk_level: 'low',
    });
    expect(rel.status).toBe(201);
  }
  const counselId = await userIdByEmail(request, counselEmail);
  return { matterId, matterName, grantId: g.body.authority_id, judgmentId: j.body.judgment_id, caseNumber, counselId };
}

test.describe("counsel's packet review in the console", () => {
  test('a packet that cannot be approved shows Not ready with Approve disabled', async ({ page, request }) => {
    const counsel = `${unique('counsel').replace(/\s/g, '-')}@example.test`;
    const counselUrl = await invite(request, { email: counsel, roles: ['counsel'] });
    const s = await setup(request, counsel);
    const api = rest(request);
    // Like a packet raised from an alert on a matter with no judgment to rest on.
    const p = await api.post('/v1/packets/exchange-freeze', {
      matter_id: s.matterId,
      wallets: [COINBASE],
      authorized_sender: s.counselId,
      legal_authority_id: s.grantId,
      source_refs: [{ source_type: 'court_order', title: 'Restraining order' }],
    });
    expect(p.status).toBe(200);
    expect(p.body.readiness.ready).toBe(false);
    expect((await api.patch(`/v1/packets/${p.body.packet_id}`, { status: 'in_review' })).status).toBe(200);
    await setPasswordThroughInvite(page, counselUrl, PASSWORD);
    await signIn(page, counsel, PASSWORD);
    await expect(page).toHaveURL(/\/matters$/);
    await page.goto(`/packets/${p.body.packet_id}`);
    await expect(page.getByTestId('readiness-summary')).toContainText('Not ready');
    await expect(page.getByTestId('approve')).toBeDisabled();
    // Leave counsel's (org-wide) queue as it was for the next test.
    expect((await api.patch(`/v1/packets/${p.body.packet_id}`, { status: 'withdrawn' })).status).toBe(200);
  });

  test('operator sees no Approve; counsel approves, sends, records the response, exports and previews the PDF', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const counsel = `${unique('counsel').replace(/\s/g, '-')}@example.test`;
    const operator = `${unique('operator').replace(/\s/g, '-')}@example.test`;
    const counselUrl = await invite(request, { email: counsel, roles: ['counsel'] });
    const operatorUrl = await invite(request, { email: operator, roles: ['operator'] });
    const s = await setup(request, counsel);
    const api = rest(request);
    const p = await api.post('/v1/packets/exchange-freeze', {
      matter_id: s.matterId,
      judgment_id: s.judgmentId,
      wallets: [COINBASE],
      authorized_sender: s.counselId,
      legal_authority_id: s.grantId,
      source_refs: [{ source_type: 'court_order', title: 'Restraining order', hash: 'b'.repeat(64) }],
      notes: 'Freeze before the hearing',
    });
    expect(p.status).toBe(200);
    expect(p.body.readiness.ready).toBe(true);
    const packetId = p.body.packet_id;

    // The operator submits it for review, and sees no Approve button.
    const opCtx = await browser.newContext();
    const op = await opCtx.newPage();
    await setPasswordThroughInvite(op, operatorUrl, PASSWORD);
    await signIn(op, operator, PASSWORD);
    await expect(op).toHaveURL(/\/matters$/);
    await op.goto(`/packets/${packetId}`);
    await expect(op.getByRole('heading', { level: 1 })).toContainText('Exchange freeze');
    await op.getByTestId('submit-review').click();
    await expect(op.getByTestId('reject')).toBeVisible();
    await expect(op.getByTestId('approve')).toHaveCount(0);
    await opCtx.close();

    // Counsel: the queue shows it first among its matter's packets (awaiting review; other files
    // leave packets in review too), the page its checks, manifest and actions.
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await setPasswordThroughInvite(page, counselUrl, PASSWORD);
    await signIn(page, counsel, PASSWORD);
    await expect(page).toHaveURL(/\/matters$/);
    await page.getByRole('link', { name: 'Packets' }).click();
    await expect(page).toHaveURL(/\/packets$/);
    await page.getByLabel('Type').selectOption('exchange_freeze');
    await page.getByLabel('Status').selectOption('in_review');
    await expect(await pickMatter(page, s.matterName)).toHaveValue(s.matterId);
    await expect(page.getByTestId('packet-row').first()).toContainText(packetId);
    expect(await seriousViolations(page), 'packets queue').toEqual([]);
    await page.getByTestId('packet-row').first().getByRole('link', { name: 'Exchange freeze: Freeze' }).click();
    await expect(page).toHaveURL(new RegExp(`/packets/${packetId}$`));
    await expect(page.getByTestId('readiness-summary')).toContainText('Ready');
    await expect(page.getByTestId('readiness-check').filter({ hasText: 'Court order' })).toContainText('pass');
    await expect(page.getByTestId('manifest-row').first()).toContainText('b'.repeat(64));
    await expect(page.getByText(s.caseNumber).first()).toBeVisible();
    expect(await seriousViolations(page), 'packet page').toEqual([]);

    await page.getByTestId('approve').click();
    await expect(page.getByTestId('mark-sent')).toBeVisible();
    await page.getByTestId('mark-sent').click();
    await expect(page.getByTestId('record-response')).toBeDisabled();
    await page.getByLabel('Reason / response notes').fill('Exchange confirmed the freeze');
    await page.getByTestId('record-response').click();
    await expect(page.getByText('no further moves')).toBeVisible();

    // Exports: a PDF with its status and a working signed link; then the embedded preview.
    await page.getByLabel('Redaction').selectOption('claimant');
    await page.getByTestId('export-pdf').click();
    const link = page.getByTestId('export-row').first().getByTestId('download-link');
    await expect(link).toBeVisible({ timeout: 60_000 });
    const href = await link.getAttribute('href');
    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await page.getByTestId('render-preview').click();
    await expect(page.getByTestId('pdf-preview')).toBeVisible({ timeout: 60_000 });
    expect(await page.getByTestId('pdf-preview').getAttribute('src')).toContain('disposition=inline');

    const final = await api.get(`/v1/packets/${packetId}`);
    expect(final.body.status).toBe('responded');
    expect(final.body.review_state.review_status).toBe('approved');
    await ctx.close();
  });
});
