/** Pure rules behind console sign-in: password policy, throttling, client address. No server. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { passwordProblem, PASSWORD_MAX_BYTES } from '../src/server/domain/passwords';
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS, signInThrottle } from '../src/server/domain/sign-in-throttle';
import { clientAddress, PEER_HEADER, requestOrigin } from '../src/server/http/client-address';
import { metricsAllowed } from '../src/server/http/metrics-access';
import { selectEnv, readCookie } from '../src/server/auth/console-session';
import { safeCallback } from '../src/app/signin/safe-callback';

describe('password policy', () => {
  test('length, bcrypt byte limit, variety, not the email', () => {
    assert.equal(passwordProblem('correct horse battery staple'), null);
    assert.match(passwordProblem('short1')!, /at least 12/);
    assert.match(passwordProblem('é'.repeat(40))!, new RegExp(`at most ${PASSWORD_MAX_BYTES} bytes`));
    assert.equal(passwordProblem('a'.repeat(72)) !== null, true);
    assert.match(passwordProblem('            ')!, /spaces|different/);
    assert.match(passwordProblem('Someone@Example.test', 'someone@example.test')!, /email/);
  });
});

describe('sign-in throttle', () => {
  const now = new Date('2026-06-11T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  test('allows up to the limit of failures inside the window', () => {
    const four = Array.from({ length: SIGN_IN_MAX_FAILURES - 1 }, (_, i) => ago(i * 1000));
    assert.deepEqual(signInThrottle(four, now), { blocked: false, failures: 4, retryAfterSeconds: 0 });
  });

  test('blocks at the limit, until the oldest counted failure leaves the window', () => {
    const five = Array.from({ length: SIGN_IN_MAX_FAILURES }, (_, i) => ago(60_000 * (i + 1)));
    const s = signInThrottle(five, now);
    assert.equal(s.blocked, true);
    // Oldest is 5 minutes old: 10 minutes to go.
    assert.equal(s.retryAfterSeconds, (SIGN_IN_WINDOW_MS - 5 * 60_000) / 1000);
  });

  test('failures older than the window do not count', () => {
    const old = Array.from({ length: 10 }, () => ago(SIGN_IN_WINDOW_MS + 1));
    assert.equal(signInThrottle(old, now).blocked, false);
  });

  test('with more failures than the limit, the block lasts until fewer than the limit remain', () => {
    const seven = [1, 2, 3, 4, 5, 6, 7].map((m) => ago(m * 60_000));
    // Unblocked when the 5th newest (5 min old) expires: in 10 minutes.
    assert.equal(signInThrottle(seven, now).retryAfterSeconds, 600);
  });

  const bag = (h: Record<string, string>) => new Headers(h);
  test('client address is the socket peer; X-Forwarded-For counts only from MD_TRUSTED_PROXIES', () => {
    const saved = process.env.MD_TRUSTED_PROXIES;
    try {
      delete process.env.MD_TRUSTED_PROXIES;
      assert.equal(
        clientAddress(bag({ [PEER_HEADER]: '::ffff:127.0.0.1', 'x-forwarded-for': '6.6.6.6' })),
        '127.0.0.1',
      );
      assert.equal(clientAddress(bag({ 'x-forwarded-for': '6.6.6.6' })), 'unknown');
      assert.equal(
        requestOrigin(
          bag({
            [PEER_HEADER]: '127.0.0.1',
            host: 'app.test:3000',
            'x-forwarded-host': 'evil.example',
            'x-forwarded-proto': 'https',
          }),
          'x',
        ),
        'http://app.test:3000',
      );
      process.env.MD_TRUSTED_PROXIES = '127.0.0.1, 10.0.0.0/8';
      assert.equal(
        clientAddress(bag({ [PEER_HEADER]: '::ffff:127.0.0.1', 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.2.3' })),
        '203.0.113.9',
      );
      assert.equal(clientAddress(bag({ [PEER_HEADER]: '192.0.2.1', 'x-forwarded-for': '6.6.6.6' })), '192.0.2.1');
      assert.equal(
        requestOrigin(
          bag({
            [PEER_HEADER]: '127.0.0.1',
            host: 'internal:3000',
            'x-forwarded-host': 'app.example',
            'x-forwarded-proto': 'https',
          }),
          'x',
        ),
        'https://app.example',
      );
    } finally {
      if (saved === undefined) delete process.env.MD_TRUSTED_PROXIES;
      else process.env.MD_TRUSTED_PROXIES = saved;
    }
  });
});

describe('metrics access and the sign-in callback', () => {
  test('/metrics: loopback peers only without MD_METRICS_TOKEN; with it, only the bearer token', () => {
    const saved = process.env.MD_METRICS_TOKEN;
    try {
      delete process.env.MD_METRICS_TOKEN;
      assert.equal(metricsAllowed(new Headers({ [PEER_HEADER]: '::ffff:127.0.0.1' })), true);
      assert.equal(metricsAllowed(new Headers({ [PEER_HEADER]: '::1' })), true);
      assert.equal(metricsAllowed(new Headers({ [PEER_HEADER]: '192.0.2.1', 'x-forwarded-for': '127.0.0.1' })), false);
      assert.equal(metricsAllowed(new Headers({})), false);
      process.env.MD_METRICS_TOKEN = 'tok';
      assert.equal(metricsAllowed(new Headers({ [PEER_HEADER]: '127.0.0.1' })), false);
      assert.equal(metricsAllowed(new Headers({ [PEER_HEADER]: '192.0.2.1', authorization: 'Bearer tok' })), true);
    } finally {
      if (saved === undefined) delete process.env.MD_METRICS_TOKEN;
      else process.env.MD_METRICS_TOKEN = saved;
    }
  });

  test('safeCallback keeps same-site paths and refuses every off-site trick', () => {
    assert.equal(safeCallback('/matters/mtr_1?x=1#y'), '/matters/mtr_1?x=1#y');
    assert.equal(safeCallback('/a/../webhooks'), '/webhooks');
    for (const bad of [
      '/\t/evil.example/phish',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\\evil.example',
      '//evil.example',
      'https://evil.example',
      '/signin?x=1',
      '///evil.example',
      '',
      'matters',
    ]) {
      assert.equal(safeCallback(bad), '/matters', JSON.stringify(bad));
    }
  });
});

describe('console session helpers', () => {
  test('production only with production_access', () => {
    assert.equal(selectEnv([], 'production'), 'sandbox');
    assert.equal(selectEnv(['production_access'], 'production'), 'production');
    assert.equal(selectEnv(['production_access'], null), 'sandbox');
    assert.equal(selectEnv(['production_access'], 'staging'), 'sandbox');
  });

  test('cookie reading', () => {
    assert.equal(readCookie('a=1; md_console_env=production; b=2', 'md_console_env'), 'production');
    assert.equal(readCookie('xmd_console_env=production', 'md_console_env'), null);
    assert.equal(readCookie(null, 'x'), null);
  });

  test('callback URLs stay on this site', () => {
    assert.equal(safeCallback('/matters/mtr_1?x=1'), '/matters/mtr_1?x=1');
    assert.equal(safeCallback('//evil.example/x'), '/matters');
    assert.equal(safeCallback('https://evil.example'), '/matters');
    assert.equal(safeCallback('/\\evil.example'), '/matters');
    assert.equal(safeCallback(undefined), '/matters');
    assert.equal(safeCallback('/signin?callbackUrl=/x'), '/matters');
  });
});
