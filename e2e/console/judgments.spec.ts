import { expect, test, type APIRequestContext } from '../fixtures';
import { E2E } from '../../playwright.config';
import {
  invite,
  rest,
  seriousViolations,
  setPasswordThroughInvite,
  signIn,
  signInAsAdmin,
  unique,
  userIdByEmail,
} from './helpers';

const GATES = [
  'authority',
  'stay_appeal',
  'bankruptcy',
  'consumer_commercial',
  'required_documents',
  'judgment_life',
  'sanctions',
];
// A debtor name with no OFAC SDN entry, so a screening at validation time finds nothing.
const DEBTOR = 'Harbor Lane Plumbing LLC';

test.describe('judgments and ledger in the console', () => {
  test('intake to plan to recovery entry in the console', async ({ page, request }) => {
    // One long journey with four accessibility scans: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const name = unique('Judgment matter');
    const caseNumber = `24STCV${Date.now().toString().slice(-6)}`;
    await signInAsAdmin(page);

    // The matter, its authority and a claimant, all through the console.
    await page.getByRole('link', { name: 'New matter' }).first().click();
    await page.getByLabel('Name (required)').fill(name);
    await page.getByRole('button', { name: 'Create matter' }).click();
    await expect(page).toHaveURL(/\/matters\/mtr_[0-9A-Za-z]{24}$/);
    const matterId = page.url().split('/').pop()!;
    await page.getByLabel('Granted by (required)').fill('Acme Capital LLC');
    await page.getByLabel('Source title').fill('Engagement letter');
    await page.getByRole('button', { name: 'Grant authority' }).click();
    await expect(page.getByTestId('authority-status')).toHaveText('Granted');
    await page.getByLabel('Claimant name (required)').fill('Acme Capital LLC');
    await page.getByRole('button', { name: 'Add claimant' }).click();
    await expect(page.getByRole('table', { name: 'Claimants' })).toContainText('Acme Capital LLC');

    // Intake: California, a commercial debt, the judgment itself as the source document.
    const intake = page.getByRole('form', { name: 'Judgment intake' });
    // An empty submission shows the service's own refusal next to the first field it names.
    await intake.getByRole('button', { name: 'Intake judgment' }).click();
    await expect(page.locator('#jdg-court-error')).toBeVisible();
    await intake.getByLabel('Court (required)').fill('Superior Court of California, County of Los Angeles');
    await intake.getByLabel('Case number (required)').fill(caseNumber);
    await intake.getByLabel('Jurisdiction', { exact: true }).selectOption('US-CA');
    await intake.getByLabel('Creditor (required)').fill('Acme Capital LLC');
    await intake.getByLabel('Debtor (required)').fill(DEBTOR);
    await intake.getByLabel('Amount (required)').fill('25000.00');
    await intake.getByLabel('Date entered (required)').fill('2025-06-02');
    await intake.getByLabel('Consumer debt').selectOption('commercial');
    await intake.getByLabel('Nature of the claim').selectOption('contract');
    await intake.getByLabel('Debtor is').selectOption('entity');
    await intake.getByLabel('Judgment document title').fill('Judgment entered 2025-06-02');
    await intake.getByLabel('Judgment document URI').fill('https://example.test/docs/judgment.pdf');
    await intake.getByRole('button', { name: 'Intake judgment' }).click();
    const row = page.getByTestId('judgment-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(caseNumber);
    await expect(row).toContainText('California');
    await expect(row.getByTestId('judgment-status')).toHaveText('Intake');
    await expect(page.getByTestId('ledger-judgment_principal')).toHaveText('25,000.00 USD');
    expect(await seriousViolations(page), 'matter page with judgments and ledger').toEqual([]);

    // The judgment page: validate and see one badge per gate.
    await row.getByRole('link', { name: caseNumber }).click();
    await expect(page).toHaveURL(new RegExp(`/matters/${matterId}/judgments/jdg_[0-9A-Za-z]{24}$`));
    const judgmentId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toContainText(caseNumber);
    // The facts enforcement law turns on, as recorded at intake.
    await expect(page.getByText('Nature of the claim').locator('..')).toContainText('Contract');
    await expect(page.getByText('Debtor is').locator('..')).toContainText('Entity');
    await expect(page.getByText('Assignment', { exact: true }).locator('..')).toContainText('None');
    await expect(page.getByTestId('today-marker')).toBeVisible();
    expect(await page.getByTestId('deadline-row').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Validate' }).click();
    for (const g of GATES) {
      const gate = page.getByTestId(`gate-${g}`);
      await expect(gate).toBeVisible();
      await expect(gate).toHaveAttribute('data-status', /^(pass|fail|review)$/);
      await expect(gate).toContainText((await gate.getAttribute('data-status'))!);
    }
    // What this matter supplies passes; sanctions passes or asks for review depending on screening.
    for (const g of [
      'authority',
      'stay_appeal',
      'bankruptcy',
      'consumer_commercial',
      'required_documents',
      'judgment_life',
    ]) {
      await expect(page.getByTestId(`gate-${g}`)).toHaveAttribute('data-status', 'pass');
    }
    const sanctions = await page.getByTestId('gate-sanctions').getAttribute('data-status');
    expect(['pass', 'review']).toContain(sanctions);
    const ready = sanctions === 'pass';
    await expect(page.getByTestId('enforcement-ready')).toHaveText(
      ready ? 'Enforcement-ready' : 'Not enforcement-ready',
    );
    await expect(page.getByTestId('judgment-status')).toHaveText(ready ? 'Validated' : 'Needs review');
    if (!ready) await expect(page.getByTestId('missing-items')).toContainText('sanctions screening');

    // The profile: set when ready, otherwise the service's 409 is shown as what to do.
    await page.getByLabel('Profile', { exact: true }).selectOption('assertive');
    await page.getByRole('button', { name: 'Set profile' }).click();
    if (ready) {
      await expect(page.getByTestId('current-profile')).toHaveText('Assertive · pressure 2');
    } else {
      const refusal = page.getByTestId('profile-not-ready');
      await expect(refusal).toContainText('Not enforcement-ready');
      await expect(refusal).toContainText('judgment_not_enforcement_ready');
      await expect(refusal).toContainText('sanctions (review)');
      await expect(page.getByTestId('current-profile')).toHaveText('Not set');
    }

    // A plan, whatever the readiness. A flagged sanctions review keeps legal process and restraint
    // open (consistent with blocking) and holds what would move the property: turnover and an
    // issuer freeze wait for an OFAC license (31 CFR 501.801), which the plan proposes to apply for.
    await page.getByLabel('Known wallets').fill('0x1111111111111111111111111111111111111111');
    await page.getByLabel('Known exchanges').fill('Coinbase');
    await page.getByLabel('Sanctions review required').check();
    await page.getByRole('button', { name: 'Generate enforcement plan' }).click();
    const plan = page.getByTestId('plan-result');
    await expect(plan).toBeVisible();
    await expect(plan).toContainText(ready ? 'Assertive · pressure 2' : 'Measured · pressure 1');
    const priority = page.getByTestId('priority-actions');
    await expect(priority).toContainText('sanctions_review');
    await expect(priority).toContainText('ofac_license_application');
    await expect(priority).toContainText('vasp_legal_process');
    const blocked = page.getByTestId('blocked-actions');
    await expect(blocked).toContainText('turnover_workflow');
    await expect(blocked).not.toContainText('vasp_legal_process');
    await expect(page.getByTestId('blocked-action').first()).toContainText('Sanctions license');
    for (const g of GATES) await expect(page.getByTestId(`plan-gate-${g}`)).toBeVisible();
    expect(await seriousViolations(page), 'judgment page').toEqual([]);
    // The judgment page keeps showing the latest plan (GET carries latest_plan), not "No plan".
    await page.reload();
    await expect(page.getByTestId('plan-result')).toBeVisible();
    await expect(page.getByTestId('priority-actions')).toContainText('sanctions_review');

    // Back on the matter: a recovery moves the balance.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name }).click();
    await expect(page).toHaveURL(new RegExp(`/matters/${matterId}$`));
    const outstanding = page.getByTestId('ledger-balance_outstanding');
    await expect(outstanding).toHaveText(/USD$/);
    const before = await outstanding.textContent();
    await expect(page.getByTestId('ledger-recovered')).toHaveText('0.00 USD');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Entry type').selectOption('recovery');
    await page.getByLabel('Entry amount (required)').fill('1000.00');
    await page.getByLabel('Occurred at').fill(`${yesterday}T10:00`);
    await page.getByLabel('Judgment (optional)').selectOption(judgmentId);
    await page.getByLabel('Description (required)').fill('Levy proceeds, Example Bank');
    await page.getByRole('button', { name: 'Add entry' }).click();
    await expect(page.getByTestId('ledger-recovered')).toHaveText('1,000.00 USD');
    await expect(outstanding).not.toHaveText(before!);
    await expect(page.getByTestId('ledger-entry')).toHaveCount(1);
    await expect(page.getByTestId('ledger-entry')).toContainText('Levy proceeds, Example Bank');
    expect(await seriousViolations(page), 'matter page after a recovery').toEqual([]);

    // The same through REST, with the admin key.
    const api = rest(request);
    const ledger = await api.get(`/v1/ledger/matters/${matterId}`);
    expect(ledger.status).toBe(200);
    expect(ledger.body).toMatchObject({
      judgment_principal: { amount: 25000, currency: 'USD' },
      recovered: { amount: 1000, currency: 'USD' },
    });
    expect(ledger.body.entries.data).toHaveLength(1);
    expect(ledger.body.entries.data[0]).toMatchObject({
      type: 'recovery',
      judgment_id: judgmentId,
      amount: { amount: 1000, currency: 'USD' },
    });
    await expect(outstanding).toHaveText(
      `${Number(ledger.body.balance_outstanding.amount).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`,
    );

    const judgment = await api.get(`/v1/judgments/${judgmentId}`);
    expect(judgment.status).toBe(200);
    expect(judgment.body).toMatchObject({
      matter_id: matterId,
      case_number: caseNumber,
      jurisdiction: 'US-CA',
      debtor: DEBTOR,
      consumer_debt: false,
      amount: { amount: 25000, currency: 'USD' },
      status: ready ? 'validated' : 'needs_review',
      enforcement_profile: ready ? 'assertive' : null,
      balance: { included: true, recovered: { amount: 1000, currency: 'USD' } },
    });
    expect(judgment.body.validation.enforcement_ready).toBe(ready);
    expect(judgment.body.validation.gates.map((g: { gate: string }) => g.gate).sort()).toEqual([...GATES].sort());

    // Every console write is audited with the signed-in user as the actor.
    const adminId = await userIdByEmail(request, E2E.adminEmail);
    const audit = await api.get(`/v1/audit/matters/${matterId}?limit=100`);
    expect(audit.status).toBe(200);
    const events = audit.body.data as {
      event_type: string;
      actor_id: string;
      actor: { user_id: string | null; key_id: string | null };
    }[];
    const types = events.map((e) => e.event_type);
    for (const t of [
      'matter.created',
      'authority.granted',
      'claimant.created',
      'judgment.created',
      'enforcement_plan.created',
      'ledger_entry.created',
    ]) {
      expect(types).toContain(t);
    }
    expect(types).toContain(ready ? 'judgment.validated' : 'judgment.updated');
    if (ready) expect(types).toContain('judgment.enforcement_profile_set');
    for (const e of events)
      expect(e, e.event_type).toMatchObject({ actor_id: adminId, actor: { user_id: adminId, key_id: null } });
  });

  test('a judgment under another matter, or an unknown one, is a plain 404 page', async ({ page, request }) => {
    const api = rest(request);
    const { matterId: a, judgmentId } = await matterWithJudgment(request);
    const b = (
      await api.post('/v1/matters', {
        name: unique('Other matter'),
        mode: 'enforcement',
        economics: { currency: 'USD' },
      })
    ).body.matter_id;
    await signInAsAdmin(page);
    await page.goto(`/matters/${b}/judgments/${judgmentId}`);
    await expect(page.getByRole('heading', { name: 'Judgment not found' })).toBeVisible();
    await page.goto(`/matters/${a}/judgments/jdg_000000000000000000000000`);
    await expect(page.getByRole('heading', { name: 'Judgment not found' })).toBeVisible();
    await page.goto(`/matters/${a}/judgments/${judgmentId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Supreme Court of the State of New York');
    await expect(page.getByTestId('judgment-status')).toHaveText('Intake');
    await expect(page.getByText('Not validated yet.', { exact: false })).toBeVisible();
  });

  test('a viewer reads judgments and the ledger but gets no write forms', async ({ page, request }) => {
    const { matterId, judgmentId } = await matterWithJudgment(request);
    const email = `${unique('viewer').replace(/\W+/g, '-').toLowerCase()}@e2e.test`;
    const password = 'a-long-enough-password-7';
    await setPasswordThroughInvite(page, await invite(request, { email, roles: ['viewer'] }), password);
    await signIn(page, email, password);
    await expect(page).toHaveURL(/\/matters$/);

    await page.goto(`/matters/${matterId}`);
    await expect(page.getByTestId('judgment-row')).toHaveCount(1);
    await expect(page.getByTestId('ledger-judgment_principal')).toHaveText('5,000.00 USD');
    await expect(page.getByRole('form', { name: 'Judgment intake' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add ledger entry' })).toHaveCount(0);

    await page.goto(`/matters/${matterId}/judgments/${judgmentId}`);
    await expect(page.getByRole('heading', { name: 'Deadlines', exact: false })).toBeVisible();
    for (const form of ['Validate judgment', 'Set enforcement profile', 'Generate enforcement plan']) {
      await expect(page.getByRole('form', { name: form })).toHaveCount(0);
    }
  });
});

/** A matter with authority and one New York judgment, set up through REST. */
async function matterWithJudgment(request: APIRequestContext) {
  const api = rest(request);
  const matterId = (
    await api.post('/v1/matters', { name: unique('Owner matter'), mode: 'enforcement', economics: { currency: 'USD' } })
  ).body.matter_id;
  await api.post(`/v1/matters/${matterId}/authority`, {
    basis: 'engagement_letter',
    granted_by: 'Acme Capital LLC',
    source_refs: [{ source_type: 'engagement_letter' }],
  });
  const j = await api.post('/v1/judgments/intake', {
    matter_id: matterId,
    court: 'Supreme Court of the State of New York',
    case_number: unique('IDX'),
    jurisdiction: 'US-NY',
    creditor: 'Acme Capital LLC',
    debtor: DEBTOR,
    amount: { amount: '5000', currency: 'USD' },
    date_entered: '2025-01-15',
  });
  expect(j.status).toBe(200);
  return { matterId, judgmentId: j.body.judgment_id as string };
}
