/**
 * The screening thread (src/server/services/sanctions/screen-thread.ts) when its lists cannot be
 * read: the screen answers 503 `service_unavailable` naming the cause instead of hanging or
 * answering clear, and once the file is back the next screen starts a new thread that reads it.
 * The thread reads the lists from the working directory, so the test runs from a copy of the
 * project's layout (links) whose SDN file is missing. No server, no database.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiError } from '../src/server/errors';
import { screenOffThread } from '../src/server/services/sanctions/screen-thread';

const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'md-screen-thread-'));
const home = process.cwd();
after(() => {
  process.chdir(home);
  rmSync(scratch, { recursive: true, force: true });
});

test('lists that cannot be read: 503 with the cause, then a new thread once the file is back', async () => {
  for (const f of ['src', 'node_modules', 'package.json', 'tsconfig.json']) {
    symlinkSync(path.join(root, f), path.join(scratch, f));
  }
  mkdirSync(path.join(scratch, 'data/ofac-sdn'), { recursive: true });
  for (const d of readdirSync(path.join(root, 'data'))) {
    if (d !== 'ofac-sdn') symlinkSync(path.join(root, 'data', d), path.join(scratch, 'data', d));
  }
  for (const f of readdirSync(path.join(root, 'data/ofac-sdn'))) {
    if (f !== 'sdn.csv.gz') symlinkSync(path.join(root, 'data/ofac-sdn', f), path.join(scratch, 'data/ofac-sdn', f));
  }
  process.chdir(scratch);

  const subjects = { entities: ['Banco Nacional de Cuba'] };
  const refused = await screenOffThread(subjects, '2026-11-25').then(
    () => assert.fail('screened without the SDN file'),
    (e: unknown) => e,
  );
  assert.ok(refused instanceof ApiError, String(refused));
  assert.equal(refused.code, 'service_unavailable');
  assert.match(refused.message, /^Sanctions screening is unavailable: .*sdn\.csv\.gz/);

  symlinkSync(path.join(root, 'data/ofac-sdn/sdn.csv.gz'), path.join(scratch, 'data/ofac-sdn/sdn.csv.gz'));
  const screened = await screenOffThread(subjects, '2026-11-25');
  assert.equal(screened.status, 'match');
  assert.ok(screened.matches.some((m) => m.sdn_name === 'BANCO NACIONAL DE CUBA'));
});
