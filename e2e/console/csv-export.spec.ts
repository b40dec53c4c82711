import { expect, test, type Page } from '../fixtures';
import { readFile } from 'node:fs/promises';
import { E2E } from '../../playwright.config';
import { rest, signInAsAdmin, unique, userIdByEmail } from './helpers';

/**
 * Clicks the (first) Export CSV until the export has started. The button is server-rendered, so
 * a click that lands before the page has hydrated does nothing (CI on PostgreSQL saw it once);
 * it is clicked again only while the export is still idle, so no second export starts.
 */
async function startExport(page: Page) {
  const button = page.getByTestId('export-csv').first();
  const status = page.getByTestId('export-csv-status').first();
  await expect(async () => {
    if ((await status.getAttribute('data-state')) === 'idle') await button.click();
    await expect(status).not.toHaveAttribute('data-state', 'idle', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

const AUTHORITY = {
  basis: 'engagement_letter',
  granted_by: 'Acme Capital GC',
  source_refs: [{ source_type: 'judgment', title: 'Entered judgment', uri: 'https://docs.example/judgment.pdf' }],
};
/** More than one page of the action queue (QUEUE_PAGE is 50). */
const SEEDED = 60;

/** The records of a downloaded CSV (no quoted line breaks in this data), header first, without the BOM. */
const records = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);

test('Export CSV writes every row matching the filters, not only the page on screen', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = rest(request);
  const newMatter = async (name: string) => {
    const m = await api.post('/v1/matters', { name, mode: 'enforcement', economics: { currency: 'USD' } });
    expect(m.status).toBe(201);
    expect((await api.post(`/v1/matters/${m.body.matter_id}/authority`, AUTHORITY)).status).toBe(201);
    return m.body.matter_id as string;
  };
  const matterName = unique('CSV export matter');
  const matterId = await newMatter(matterName);
  const otherId = await newMatter(unique('CSV other matter'));
  const admin = await userIdByEmail(request, E2E.adminEmail);

  const ids: string[] = [];
  for (let i = 0; i < SEEDED; i++) {
    const a = await api.post('/v1/actions', {
      matter_id: matterId,
      // One title a spreadsheet would run as a formula: the file must carry it as text.
      title: i === 0 ? '=HYPERLINK("http://evil.example","x")' : `Export row ${String(i).padStart(2, '0')}`,
      owner_id: admin,
      priority: 'normal',
      due_at: `2031-01-${String((i % 28) + 1).padStart(2, '0')}T12:00:00Z`,
    });
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
    ids.push(a.body.action_id);
  }
  const outside = await api.post('/v1/actions', { matter_id: otherId, title: 'Not in the filter', priority: 'normal' });
  expect(outside.status).toBeLessThan(300);

  await signInAsAdmin(page);
  await page.goto(`/actions?queue=team&matter_id=${matterId}`);
  await expect(page.getByTestId('action-row')).toHaveCount(50);

  const download = page.waitForEvent('download');
  await startExport(page);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^actions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, 'utf8');
  const lines = records(text);
  expect(lines[0]).toBe('Action ID,Title,Type,Priority,Status,Owner,Owner ID,Due,Matter,Matter ID');
  expect(lines).toHaveLength(1 + SEEDED);
  const exported = lines.slice(1).map((l) => l.split(',')[0]);
  expect(new Set(exported)).toEqual(new Set(ids));
  expect(text).not.toContain(outside.body.action_id);
  // Names where the list shows names: the matter's name on every row, the id beside it.
  expect(lines.slice(1).every((l) => l.includes(`,${matterName},${matterId}`))).toBe(true);
  // The formula is escaped (leading quote) and quoted (it holds commas and quotes).
  expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  await expect(page.getByTestId('export-csv-status')).toHaveText(`Exported ${SEEDED} rows.`);
  await expect(page.getByTestId('export-csv')).toBeEnabled();
});

test('a page that fails to load ends the export with an error, not a partial file', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/actions?queue=team');
  // tRPC batches calls into one URL (`/api/trpc/names.lookup,actions.list?batch=1`), in any order.
  await page.route('**/api/trpc/**', (route) =>
    new URL(route.request().url()).pathname.includes('actions.list')
      ? route.fulfill({ status: 500, body: 'down' })
      : route.continue(),
  );
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await startExport(page);
  await expect(page.getByTestId('export-csv-status')).toHaveAttribute('data-state', 'error', { timeout: 20_000 });
  await expect(page.getByTestId('export-csv-status')).toContainText('Export failed');
  await expect(page.getByTestId('export-csv')).toBeEnabled();
  expect(downloaded).toBe(false);
});

test('every list with Export CSV downloads its whole list through the shared export', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const lists: [string, RegExp][] = [
    ['/alerts', /^alerts-/],
    ['/packets', /^packets-/],
    ['/matters', /^matters-/],
    ['/watchlists', /^watchlists-/],
    ['/webhooks', /^webhook-endpoints-/],
    ['/developers/api-keys', /^api-keys-/],
    ['/settings/users', /^users-/],
    ['/relationships', /^relationships-/],
    ['/actions?queue=team', /^actions-/],
  ];
  for (const [path, name] of lists) {
    await page.goto(path);
    const button = page.getByTestId('export-csv').first();
    await expect(button, path).toBeVisible();
    const download = page.waitForEvent('download');
    await startExport(page);
    const file = await download;
    expect(file.suggestedFilename(), path).toMatch(name);
    const lines = records(await readFile((await file.path())!, 'utf8'));
    await expect(page.getByTestId('export-csv-status').first(), path).toHaveText(
      `Exported ${lines.length - 1} ${lines.length === 2 ? 'row' : 'rows'}.`,
    );
  }
});
