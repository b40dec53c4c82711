import { expect, test } from '../fixtures';
import { E2E } from '../../playwright.config';
import { rest, seriousViolations, signInAsAdmin, unique, userIdByEmail } from './helpers';

const JUDGMENT_REF = { source_type: 'judgment', title: 'Entered judgment', uri: 'https://docs.example/judgment.pdf' };

test.describe('the action queue', () => {
  test('plan → actions; the queue by due date with overdue marked; assign, bulk assign and complete from the queue', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = rest(request);
    const m = await api.post('/v1/matters', { name: unique('Queue matter'), mode: 'enforcement' });
    expect(m.status).toBe(201);
    const matterId = m.body.matter_id;
    expect(
      (
        await api.post(`/v1/matters/${matterId}/authority`, {
          basis: 'engagement_letter',
          granted_by: 'Acme Capital GC',
          source_refs: [JUDGMENT_REF],
        })
      ).status,
    ).toBe(201);
    const j = await api.post('/v1/judgments/intake', {
      matter_id: matterId,
      court: 'U.S. District Court, S.D.N.Y.',
      case_number: `1:23-cv-${Date.now().toString().slice(-5)}`,
      jurisdiction: 'US-FED-NY',
      creditor: 'Acme Capital LLC',
      debtor: 'Harbor Lane Widgets LLC',
      amount: { amount: '100000.00', currency: 'USD' },
      date_entered: '2023-03-01',
      source_refs: [JUDGMENT_REF],
      consumer_debt: false,
      post_judgment_interest: { rate_pct: '4.74', basis: '1-year CMT' },
    });
    expect(j.status).toBe(200);
    const admin = await userIdByEmail(request, E2E.adminEmail);

    await signInAsAdmin(page);
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Actions' }),
    ).toBeVisible();

    // The judgment's plan becomes a campaign: one action per priority step, once.
    await page.goto(`/matters/${matterId}/judgments/${j.body.judgment_id}`);
    await page.getByLabel('Known exchanges').fill('Coinbase');
    await page.getByRole('button', { name: 'Generate enforcement plan' }).click();
    await expect(page.getByTestId('plan-result')).toBeVisible();
    const steps = await page.getByTestId('priority-action').count();
    expect(steps).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Create actions from plan' }).click();
    await expect(page.getByTestId('plan-actions-result')).toContainText(`${steps} actions created`);
    await page.getByRole('button', { name: 'Create actions from plan' }).click();
    await expect(page.getByTestId('plan-actions-result')).toContainText(`0 actions created, ${steps} already existed`);
    const planId = (await page.getByTestId('plan-actions-result').getByRole('link').getAttribute('href'))!.split(
      'campaign_id=',
    )[1];
    expect(planId).toMatch(/^plan_/);

    // An overdue action in the same campaign, owned by the signed-in admin: first by due date.
    const late = await api.post('/v1/actions', {
      matter_id: matterId,
      title: 'Chase the late exchange response',
      campaign_id: planId,
      owner_id: admin,
      due_at: '2024-01-02T09:00:00Z',
      priority: 'urgent',
    });
    expect(late.status).toBe(200);

    await page.getByTestId('plan-actions-result').getByRole('link', { name: 'Open the campaign queue' }).click();
    await expect(page).toHaveURL(/\/actions\?queue=team&campaign_id=plan_/);
    const rows = page.getByTestId('action-row');
    await expect(rows).toHaveCount(steps + 1);
    await expect(rows.first()).toContainText('Chase the late exchange response');
    await expect(rows.first()).toContainText('Overdue');
    await expect(page.getByTestId('shortcuts')).toContainText('Complete the current action');
    expect(await seriousViolations(page), 'action queue').toEqual([]);

    // Bulk assignment: the next two rows to the admin.
    await rows.nth(1).getByRole('checkbox').check();
    await rows.nth(2).getByRole('checkbox').check();
    await page.getByLabel('Assign selected to').selectOption(admin);
    await page.getByRole('button', { name: 'Assign selected' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Assigned 2 actions.' })).toBeVisible();

    // My queue (keyboard: m) holds the three actions now owned by the admin.
    await page.keyboard.press('m');
    await expect(page).toHaveURL(/\/actions\?campaign_id=plan_/);
    await expect(page.getByRole('link', { name: 'My queue' })).toHaveAttribute('aria-current', 'page');
    await expect(rows).toHaveCount(3);

    // Start the overdue one with the keyboard (s on the current row), then complete it with notes and evidence.
    const first = rows.first();
    const actionId = (await first.getAttribute('data-action-id'))!;
    await first.click();
    await page.keyboard.press('s');
    await expect(first).toContainText('In progress');
    await first.getByRole('button', { name: 'Complete' }).click();
    const form = page.getByTestId('complete-form');
    await form.getByLabel('Completion notes').fill('Exchange answered; records received');
    await form.getByLabel('Evidence title').fill('Exchange response letter');
    await form.getByLabel('Evidence link').fill('https://docs.example/response.pdf');
    await form.getByRole('button', { name: 'Mark completed' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Completed “Chase the late exchange response”.' }),
    ).toBeVisible();
    const done = page.locator(`[data-action-id="${actionId}"]`);
    await expect(done).toContainText('Completed');
    await expect(done).not.toContainText('Overdue');

    const got = await api.get(`/v1/actions/${actionId}`);
    expect(got.body.status).toBe('completed');
    expect(got.body.completion_notes).toBe('Exchange answered; records received');
    expect(got.body.evidence_refs[0].title).toBe('Exchange response letter');
    const audit = await api.get(`/v1/audit/matters/${matterId}?event_type=action.completed`);
    expect(audit.body.data.map((e: { object_id: string }) => e.object_id)).toContain(actionId);
  });

  test('a counterparty page shows its relationships, packets and response history', async ({ page, request }) => {
    const api = rest(request);
    const name = unique('Coinbase');
    const a = await api.post('/v1/relationships', {
      counterparty_type: 'exchange',
      counterparty_name: `${name}, Inc.`,
      channel_type: 'legal_process_portal',
      usable_by_operator: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: true,
      packet_types_supported: ['vasp_legal_process'],
    });
    expect(a.status).toBe(201);
    const b = await api.post('/v1/relationships', {
      counterparty_type: 'exchange',
      counterparty_name: `  ${name.toUpperCase()}   INC `,
      channel_type: 'law_enforcement_portal',
      usable_by_operator: false,
      usable_by_counsel: false,
      usable_by_law_enforcement: true,
      authorized_submitter_required: false,
      packet_types_supported: [],
    });
    expect(b.body.counterparty_id).toBe(a.body.counterparty_id);
    const m = await api.post('/v1/matters', { name: unique('Contact matter'), mode: 'enforcement' });
    const admin = await userIdByEmail(request, E2E.adminEmail);
    const contact = (sender: string) =>
      api.post(`/v1/relationships/${a.body.relationship_id}/contact-log`, {
        matter_id: m.body.matter_id,
        authorized_sender: sender,
        contact_type: 'portal_submission',
        outcome: 'acknowledged',
        notes: 'Case 7731 opened',
      });
    // The admin is not counsel, and this channel needs an authorized submitter.
    const refused = await contact(admin);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('channel_not_permitted');
    const org = (await api.get('/v1/organizations')).body.data.find(
      (o: { parent_id: string | null }) => o.parent_id === null,
    ).organization_id;
    const counsel = await api.post(`/v1/organizations/${org}/users`, {
      email: `${unique('counsel').replace(/\s/g, '-')}@e2e.test`,
      roles: ['counsel'],
    });
    expect(counsel.status).toBe(201);
    expect((await contact(counsel.body.user_id)).status).toBe(201);

    await signInAsAdmin(page);
    await page.goto(`/relationships/counterparties/${a.body.counterparty_id}`);
    await expect(page.getByTestId('counterparty-name')).toHaveText(`${name}, Inc.`);
    await expect(page.getByTestId('relationships').locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('relationships')).toContainText('Counsel submits');
    await expect(page.getByTestId('relationships')).toContainText('Law enforcement only: never used');
    await expect(page.getByTestId('response-history')).toContainText('Acknowledged');
    await expect(page.getByTestId('response-history')).toContainText('Case 7731 opened');
    expect(await seriousViolations(page), 'counterparty page').toEqual([]);
    await page.goto('/relationships');
    await expect(page.getByTestId('relationships')).toContainText('Law enforcement only: never used');
    expect(await seriousViolations(page), 'relationships page').toEqual([]);
  });
});
