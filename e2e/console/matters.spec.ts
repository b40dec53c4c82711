import { expect, test } from '../fixtures';
import { E2E } from '../../playwright.config';
import { createMatter, rest, signInAsAdmin, unique, userIdByEmail } from './helpers';

const FIGURES = [
  'Judgment value',
  'Known crypto exposure',
  'Open actions',
  'Open packets',
  'Alerts',
  'Recovery events',
  'Operator economics',
];

test.describe('matters in the console', () => {
  test('a matter created in the console is read through REST, with the user as the audit actor', async ({
    page,
    request,
  }) => {
    const name = unique('Console matter');
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'New matter' }).first().click();
    await expect(page).toHaveURL(/\/matters\/new$/);
    await page.getByLabel('Name (required)').fill(name);
    await page.getByLabel('Mode').selectOption('small_judgment');
    // Lead counsel is picked from the organization's users (by name; the id is what is stored).
    await page.getByLabel('Search lead counsel').fill('admin');
    const adminId = await userIdByEmail(request, E2E.adminEmail);
    await page.getByLabel('Lead counsel', { exact: true }).selectOption(adminId);
    await page.getByLabel('Contingency fee %').fill('25');
    await page.getByRole('button', { name: 'Create matter' }).click();
    await expect(page).toHaveURL(/\/matters\/mtr_[0-9A-Za-z]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const dashboard = page.getByRole('region', { name: 'Dashboard' });
    for (const label of FIGURES) await expect(dashboard.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByTestId('figure-judgment_value')).toHaveText('0.00 USD');
    const matterId = page.url().split('/').pop()!;

    const api = rest(request);
    const m = await api.get(`/v1/matters/${matterId}`);
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({
      name,
      mode: 'small_judgment',
      lead_counsel: adminId,
      environment: 'sandbox',
      economics: { contingency_fee_pct: 25, currency: 'USD' },
    });

    const audit = await api.get(`/v1/audit/matters/${matterId}`);
    expect(audit.status).toBe(200);
    const created = audit.body.data.find((e: { event_type: string }) => e.event_type === 'matter.created');
    expect(created).toMatchObject({
      actor_id: adminId,
      actor: { user_id: adminId, key_id: null },
      object_id: matterId,
    });
    expect(created.request_id).toMatch(/^req_/);
    const one = await api.get(`/v1/audit/events/${created.event_id}`);
    expect(one.body.actor_id).toBe(adminId);
  });

  test('grant authority, add a claimant and verify the audit chain', async ({ page, request }) => {
    const id = await createMatter(request, unique('Authority matter'));
    await signInAsAdmin(page);
    await page.goto(`/matters/${id}`);
    await expect(page.getByTestId('authority-status')).toHaveText('None');

    await page.getByLabel('Granted by (required)').fill('Acme Capital LLC');
    await page.getByLabel('Source title').fill('Engagement letter');
    await page.getByRole('button', { name: 'Grant authority' }).click();
    await expect(page.getByTestId('authority-status')).toHaveText('Granted');

    await page.getByLabel('Claimant name (required)').fill('Acme Capital LLC');
    await page.getByLabel('Role').selectOption('assignee');
    await page.getByRole('button', { name: 'Add claimant' }).click();
    const claimants = page.getByRole('table', { name: 'Claimants' });
    await expect(claimants).toContainText('Acme Capital LLC');
    await expect(claimants).toContainText('Assignee');

    // An invalid submission shows the service's own message next to the field.
    await page.getByRole('button', { name: 'Add claimant' }).click();
    await expect(page.getByText(/Invalid name/)).toBeVisible();

    await expect(page.getByTestId('audit-row')).toHaveCount(3);
    await page.getByRole('button', { name: 'Verify chain' }).click();
    const v = page.getByTestId('chain-verification');
    await expect(v).toContainText('Chain valid');
    await expect(page.getByTestId('events-checked')).toHaveText('3');
    const verify = await rest(request).get(`/v1/audit/matters/${id}/verify`);
    await expect(v).toContainText(verify.body.head_hash);

    const adminId = await userIdByEmail(request, E2E.adminEmail);
    const events = (await rest(request).get(`/v1/audit/matters/${id}`)).body.data as {
      event_type: string;
      actor_id: string;
    }[];
    expect(events.map((e) => e.event_type)).toEqual(['claimant.created', 'authority.granted', 'matter.created']);
    expect(events.filter((e) => e.event_type !== 'matter.created').every((e) => e.actor_id === adminId)).toBe(true);
    const dash = await rest(request).get(`/v1/matters/${id}/dashboard`);
    expect(dash.body.authority_status).toBe('granted');
  });

  test('search by name, filter by status and page through the list', async ({ page, request }) => {
    const prefix = unique('Paging');
    const ids: string[] = [];
    for (let i = 0; i < 27; i++) ids.push(await createMatter(request, `${prefix} #${String(i).padStart(2, '0')}`));
    await rest(request).patch(`/v1/matters/${ids[3]}`, { status: 'on_hold' });
    await signInAsAdmin(page);

    await page.getByLabel('Name contains').fill(prefix);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/name=/);
    const rows = page.getByRole('table', { name: 'Matters' }).locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await expect(rows.first()).toContainText(`${prefix} #26`);
    await expect(page.getByRole('link', { name: '← Newer' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Older →' }).click();
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(`${prefix} #01`);
    await expect(page.getByRole('link', { name: 'Older →' })).toHaveCount(0);
    await page.getByRole('link', { name: '← Newer' }).click();
    await expect(rows).toHaveCount(25);
    await expect(rows.last()).toContainText(`${prefix} #02`);

    await page.getByLabel('Status').selectOption('on_hold');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`${prefix} #03`);
    await expect(rows.first()).toContainText('On hold');
  });
});
