import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Playwright runs against the built app on a fresh embedded database (or a fresh PostgreSQL
 * database when DATABASE_URL is set: scripts/e2e.ts creates it). Debian's Chromium is used
 * because Playwright's own browser download cannot work here.
 */
// scripts/e2e.ts picks a free port and a fresh data folder and passes them down, so that
// the runner and its workers agree on them (this file is evaluated in each process).
const port = Number(process.env.E2E_PORT ?? 3107);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'md-e2e-'));
export const E2E = {
  baseURL: `http://127.0.0.1:${port}`,
  adminKey: 'md_test_E2eAdminKey00000000000000000000000000',
  adminEmail: 'admin@e2e.test',
  adminPassword: 'e2e-admin-password-1',
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // One file at a time: every spec shares one organization and its admin.
  workers: 1,
  // `npm test` runs these beside the API suites (scripts/test.ts), so a page can take longer than
  // on an idle machine. Clicks wait for hydration (e2e/fixtures.ts): a click before it was lost.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // On CI a failed test runs once more and, if it then passes, is reported as flaky (listed at
  // the end of `npm test`): a flake must be seen and mended, but it should not hold the suite.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: E2E.baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // /docs and the OpenAPI document come from the build, not the database: the PostgreSQL
    // pass leaves them to the PGlite one.
    ...(process.env.E2E_DATABASE_URL ? [] : [{ name: 'api', testMatch: /api\/.*\.spec\.ts/ }]),
    { name: 'console', testMatch: /console\/.*\.spec\.ts/ },
  ],
  webServer: {
    command: `node node_modules/next/dist/bin/next start -p ${port} -H 127.0.0.1`,
    url: `${E2E.baseURL}/v1/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      MD_DATA_DIR: dataDir,
      MD_BOOTSTRAP_API_KEY: E2E.adminKey,
      MD_BOOTSTRAP_ADMIN_EMAIL: E2E.adminEmail,
      MD_BOOTSTRAP_ADMIN_PASSWORD: E2E.adminPassword,
      MD_LOG_LEVEL: 'warn',
      // The webhook specs deliver to a receiver on 127.0.0.1 (private targets are opt-in).
      MD_WEBHOOK_ALLOW_PRIVATE: '1',
      // As in tests/helpers/server.ts: the specs share one admin key and one admin user, whose
      // console calls now spend the same per-minute budget as keys.
      MD_RATE_LIMIT_PER_MIN: '100000',
      // No NEXTAUTH_URL / NEXTAUTH_SECRET on purpose: the console must sign in with zero
      // configuration on whatever port it was started on (secret generated into the database).
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
