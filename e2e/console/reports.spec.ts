import { expect, test } from '../fixtures';
import { createMatter, rest, seriousViolations, signInAsAdmin, unique } from './helpers';

test.describe('reports on the matter page', () => {
  test('generates a claimant update and a campaign brief, exports the update as PDF and downloads it', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const api = rest(request);
    const matterId = await createMatter(request, unique('Reports matter'));
    const cl = await api.post(`/v1/matters/${matterId}/claimants`, {
      name: 'Alice Creditor Fund',
      role: 'creditor',
      economics: { share_pct: 60 },
    });
    expect(cl.status).toBe(201);

    await signInAsAdmin(page);
    await page.goto(`/matters/${matterId}`);
    const panel = page.locator('section[aria-labelledby="reports-title"]');
    await expect(panel).toContainText('No reports yet.');

    await panel.getByLabel('Report', { exact: true }).selectOption('update');
    await panel.getByLabel('Claimant').selectOption({ label: 'Alice Creditor Fund' });
    await panel.getByTestId('generate-report').click();
    await expect(panel.getByTestId('report-row')).toHaveCount(1);
    const detail = panel.getByTestId('report-detail');
    await expect(detail).toContainText('Your share');
    await expect(detail).toContainText('Alice Creditor Fund (creditor) holds 60%');

    await detail.getByTestId('report-export-pdf').click();
    const link = detail.getByTestId('export-row').first().getByTestId('download-link');
    await expect(link).toBeVisible({ timeout: 60_000 });
    const res = await request.get((await link.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await panel.getByLabel('Report', { exact: true }).selectOption('brief');
    await panel.getByLabel('Audience').selectOption('counsel');
    await panel.getByTestId('generate-report').click();
    await expect(panel.getByTestId('report-row')).toHaveCount(2);
    await expect(panel.getByTestId('report-detail')).toContainText('Monitoring alerts');
    expect(await seriousViolations(page), 'matter page with reports').toEqual([]);
  });
});
