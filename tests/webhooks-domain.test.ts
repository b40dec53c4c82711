/** Pure webhook rules: signatures against real verifiers, address classes, retry schedule. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { newSigningSecret, signatureHeaders, verifyStripeSignature } from '../src/server/domain/webhook-signature';
import { classifyAddress, refusedClass } from '../src/server/domain/egress-address';
import {
  DEFAULT_RETRY_SCHEDULE_MS,
  disableReason,
  isSuccess,
  nextRetryDelay,
  parseRetrySchedule,
} from '../src/server/domain/retry-schedule';
import {
  isEventTypeFilter,
  normalizeEnabledEvents,
  subscribes,
  typesMatching,
  unknownEnabledEvent,
} from '../src/server/domain/event-catalog';
import {
  checkWebhookUrl,
  pinnedLookup,
  policyOf,
  resolveChecked,
  type Resolver,
} from '../src/server/services/webhooks/egress';
import { DELIVERY_ERRORS, deliveryErrorText } from '../src/server/domain/webhook-delivery-error';

describe('signatures', () => {
  const secret = newSigningSecret();
  const body = JSON.stringify({ id: 'evt_x', type: 'matter.created', amount: 1.5 });
  const t = Math.floor(Date.now() / 1000);
  const h = signatureHeaders(secret, 'evt_x', t, body);

  test('the secret is whsec_ + base64 of 32 bytes', () => {
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
  });
  test('Standard Webhooks library verifies webhook-* headers', () => {
    const payload = new Webhook(secret).verify(body, {
      'webhook-id': h['webhook-id'],
      'webhook-timestamp': h['webhook-timestamp'],
      'webhook-signature': h['webhook-signature'],
    });
    assert.equal((payload as { id: string }).id, 'evt_x');
    assert.throws(() =>
      new Webhook(secret).verify(body + ' ', {
        'webhook-id': h['webhook-id'],
        'webhook-timestamp': h['webhook-timestamp'],
        'webhook-signature': h['webhook-signature'],
      }),
    );
    assert.throws(() =>
      new Webhook(newSigningSecret()).verify(body, {
        'webhook-id': h['webhook-id'],
        'webhook-timestamp': h['webhook-timestamp'],
        'webhook-signature': h['webhook-signature'],
      }),
    );
  });
  test("Stripe's constructEvent verifies MD-Signature", () => {
    const stripe = new Stripe('sk_test_unused');
    const ev = stripe.webhooks.constructEvent(body, h['MD-Signature'], secret);
    assert.equal((ev as unknown as { id: string }).id, 'evt_x');
    assert.throws(() => stripe.webhooks.constructEvent(body.replace('1.5', '2.5'), h['MD-Signature'], secret));
    assert.ok(verifyStripeSignature(secret, h['MD-Signature'], body, t));
    assert.ok(!verifyStripeSignature(secret, h['MD-Signature'], body, t + 3600));
  });
});

describe('egress address classes', () => {
  const refusedInProduction = [
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    '0.0.0.0',
    '::',
    '100.64.0.1',
    '100.127.255.254',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '224.0.0.1',
    'ff02::1',
    '240.0.0.1',
    '255.255.255.255',
  ];
  for (const a of refusedInProduction)
    test(`production refuses ${a}`, () => assert.notEqual(refusedClass(a, 'public_only'), null));
  for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    test(`production allows ${a}`, () => assert.equal(refusedClass(a, 'public_only'), null));
  }
  test('local_allowed (sandbox, opted in) allows loopback and private hosts, never link-local/metadata', () => {
    for (const a of ['127.0.0.1', '::1', '10.0.0.1', '192.168.0.10'])
      assert.equal(refusedClass(a, 'local_allowed'), null, a);
    for (const a of ['169.254.169.254', 'fe80::1', '::ffff:169.254.169.254'])
      assert.equal(refusedClass(a, 'local_allowed'), 'link_local', a);
  });
  // Issue 8: embedded-IPv4 forms that used to pass as public.
  const embedded: [string, string][] = [
    ['64:ff9b:1::a9fe:a9fe', 'link_local'], // local-use NAT64, /96 layout
    ['64:ff9b:1:a00:0:100::', 'private'], // local-use NAT64, /48 layout (10.0.0.1 around the u byte)
    ['64:ff9b:1:7f:0:1::', 'loopback'], // /56 layout (127.0.0.1)
    ['64:ff9b:1::808:808', 'reserved'], // a public IPv4 behind a local translator is still local
    ['::ffff:0:7f00:1', 'loopback'], // IPv4-translated ::ffff:0:0:0/96
    ['::ffff:0:169.254.169.254', 'link_local'],
    ['::ffff:0:a00:1', 'private'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // Teredo, client 127.0.0.1 obfuscated
    ['2001:0:4136:e378:8000:63bf:5601:5601', 'link_local'], // Teredo, client 169.254.169.254
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'], // Teredo, client 10.0.0.1
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'], // Teredo server 10.0.0.1
    ['2001:0:4136:e378:8000:63bf:3fe6:fbfc', 'reserved'], // Teredo to a public client: a tunnel, refused
  ];
  for (const [a, cls] of embedded) {
    test(`embedded IPv4 ${a} is ${cls} and refused in production`, () => {
      assert.equal(classifyAddress(a), cls);
      assert.equal(refusedClass(a, 'public_only'), cls);
    });
  }
  test('local_allowed refuses metadata behind local-use NAT64, IPv4-translated and Teredo forms', () => {
    for (const a of ['64:ff9b:1::a9fe:a9fe', '::ffff:0:169.254.169.254', '2001:0:4136:e378:8000:63bf:5601:5601']) {
      assert.equal(refusedClass(a, 'local_allowed'), 'link_local', a);
    }
  });
  test('documentation 2001:db8:: is not mistaken for Teredo, and public IPv6 stays allowed', () => {
    assert.equal(classifyAddress('2001:db8::1'), 'reserved');
    assert.equal(refusedClass('2001:4860:4860::8888', 'public_only'), null);
  });
  test('classes are named', () => {
    assert.equal(classifyAddress('169.254.169.254'), 'link_local');
    assert.equal(classifyAddress('100.64.1.1'), 'cgnat');
    assert.equal(classifyAddress('example.com'), 'invalid');
  });
});

describe('resolution is checked and pinned', () => {
  const toLoopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
  const mixed: Resolver = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ];
  const publicOnly: Resolver = async () => [{ address: '93.184.216.34', family: 4 }];

  test('a name resolving to loopback (or to any private address among several) is refused', async () => {
    await assert.rejects(resolveChecked('rebind.example', 'public_only', toLoopback), /loopback/);
    await assert.rejects(resolveChecked('mixed.example', 'public_only', mixed), /private/);
    assert.deepEqual(await resolveChecked('ok.example', 'public_only', publicOnly), [
      { address: '93.184.216.34', family: 4 },
    ]);
  });
  test('the socket lookup hands over exactly the checked addresses, or an error', async () => {
    const call = (r: Resolver, all: boolean) =>
      new Promise<unknown[]>((resolve) =>
        pinnedLookup('public_only', r)('h.example', { all }, (...args) => resolve(args)),
      );
    assert.deepEqual(await call(publicOnly, false), [null, '93.184.216.34', 4]);
    assert.deepEqual(await call(publicOnly, true), [null, [{ address: '93.184.216.34', family: 4 }]]);
    const [err] = await call(toLoopback, false);
    assert.match(String(err), /loopback/);
  });
  test('URL rules: https in production, no credentials, SSRF at creation', async () => {
    await assert.rejects(checkWebhookUrl('http://93.184.216.34/h', 'production', publicOnly), /https/);
    await assert.rejects(checkWebhookUrl('https://u:p@ok.example/h', 'production', publicOnly), /credentials/);
    await assert.rejects(checkWebhookUrl('https://rebind.example/h', 'production', toLoopback), /loopback/);
    await assert.rejects(
      checkWebhookUrl('https://nx.example/h', 'production', async () => {
        throw new Error('ENOTFOUND');
      }),
      /could not be resolved/,
    );
    assert.equal(await checkWebhookUrl('https://ok.example/h', 'production', publicOnly), 'https://ok.example/h');
    await assert.rejects(checkWebhookUrl('http://169.254.169.254/latest', 'sandbox'), /link-local/);
  });
  test('private targets are opt-in (MD_WEBHOOK_ALLOW_PRIVATE, sandbox only); refusals never name the address', async () => {
    const was = process.env.MD_WEBHOOK_ALLOW_PRIVATE;
    try {
      delete process.env.MD_WEBHOOK_ALLOW_PRIVATE;
      assert.equal(policyOf('sandbox'), 'public_only');
      const off = await checkWebhookUrl('http://localhost:3000/h', 'sandbox', toLoopback).catch((e) => e);
      assert.match(off.message, /loopback.*does not allow private webhook targets/);
      assert.doesNotMatch(off.message, /127\.0\.0\.1/);
      await assert.rejects(checkWebhookUrl('http://10.1.2.3/h', 'sandbox'), /private/);
      // Metadata is never allowed, so its refusal does not point at the opt-in.
      const meta = await checkWebhookUrl('http://169.254.169.254/latest', 'sandbox').catch((e) => e);
      assert.match(meta.message, /link-local/);
      assert.doesNotMatch(meta.message, /private webhook targets/);
      process.env.MD_WEBHOOK_ALLOW_PRIVATE = '1';
      assert.equal(policyOf('sandbox'), 'local_allowed');
      assert.equal(policyOf('production'), 'public_only');
      assert.equal(await checkWebhookUrl('http://localhost:3000/h', 'sandbox', toLoopback), 'http://localhost:3000/h');
      await assert.rejects(checkWebhookUrl('https://rebind.example/h', 'production', toLoopback), /loopback/);
      await assert.rejects(checkWebhookUrl('http://169.254.169.254/latest', 'sandbox'), /link-local/);
    } finally {
      if (was === undefined) delete process.env.MD_WEBHOOK_ALLOW_PRIVATE;
      else process.env.MD_WEBHOOK_ALLOW_PRIVATE = was;
    }
  });
  test('a failed attempt reports a generic error, never the socket message', () => {
    const cases: [{ name?: string; code?: string; message: string }, string][] = [
      [{ name: 'EgressRefused', message: 'h resolves to a loopback address' }, DELIVERY_ERRORS.refused],
      [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, DELIVERY_ERRORS.connection],
      [{ code: 'ECONNRESET', message: 'socket hang up' }, DELIVERY_ERRORS.connection],
      [{ code: 'EHOSTUNREACH', message: 'connect EHOSTUNREACH 10.0.0.9:22' }, DELIVERY_ERRORS.connection],
      [{ message: 'connect timed out after 3000 ms' }, DELIVERY_ERRORS.connection],
      [{ message: 'timed out after 15000 ms' }, DELIVERY_ERRORS.timeout],
      [{ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db.internal' }, DELIVERY_ERRORS.dns],
      [{ message: 'DNS lookup of db.internal timed out' }, DELIVERY_ERRORS.dns],
      [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT', message: 'self-signed certificate' }, DELIVERY_ERRORS.tls],
      [{ code: 'ERR_SSL_WRONG_VERSION_NUMBER', message: 'wrong version number' }, DELIVERY_ERRORS.tls],
      [{ message: 'Unsupported state or unable to authenticate data' }, DELIVERY_ERRORS.internal],
    ];
    for (const [e, text] of cases) {
      assert.equal(deliveryErrorText(e), text, e.message);
      assert.doesNotMatch(deliveryErrorText(e), /\d+\.\d+|:\d+|ECONN|internal/, e.message);
    }
  });
});

describe('retry schedule', () => {
  test('the contract schedule, with ±10% jitter, then failed', () => {
    assert.deepEqual(
      [...DEFAULT_RETRY_SCHEDULE_MS].map((ms) => ms / 1000),
      [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400],
    );
    assert.equal(nextRetryDelay(1, DEFAULT_RETRY_SCHEDULE_MS, 0.5), 5000);
    assert.equal(nextRetryDelay(1, DEFAULT_RETRY_SCHEDULE_MS, 0), 4500);
    assert.ok(nextRetryDelay(2, DEFAULT_RETRY_SCHEDULE_MS, 0.9999)! < 330_000);
    assert.equal(nextRetryDelay(10, DEFAULT_RETRY_SCHEDULE_MS, 0.5), null);
  });
  test('MD_WEBHOOK_RETRY_SCHEDULE_MS parsing', () => {
    assert.deepEqual(parseRetrySchedule('200, 400,800'), [200, 400, 800]);
    assert.equal(parseRetrySchedule('200,-1'), null);
    assert.equal(parseRetrySchedule(''), null);
    assert.equal(parseRetrySchedule('abc'), null);
  });
  test('410 disables at once; failures disable after 5 days; only 2xx succeeds', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    assert.equal(disableReason(410, null, now), 'gone');
    assert.equal(disableReason(500, new Date('2026-01-06T00:00:00Z'), now), null);
    assert.equal(disableReason(500, new Date('2026-01-05T00:00:00Z'), now), 'failing');
    assert.equal(disableReason(null, new Date('2026-01-04T00:00:00Z'), now), 'failing');
    assert.ok(isSuccess(204) && !isSuccess(301) && !isSuccess(null));
  });
});

describe('event catalog', () => {
  test('filters and subscriptions', () => {
    assert.ok(subscribes(['*'], 'matter.created'));
    assert.ok(subscribes(['claimant.created'], 'claimant.created'));
    assert.ok(!subscribes(['claimant.created'], 'matter.created'));
    assert.equal(unknownEnabledEvent(['matter.created', 'matter.exploded']), 'matter.exploded');
    assert.equal(unknownEnabledEvent(['*', 'judgment.validated']), undefined);
    assert.deepEqual(normalizeEnabledEvents(undefined), ['*']);
    assert.deepEqual(normalizeEnabledEvents(['a.b', 'a.b']), ['a.b']);
    assert.ok(isEventTypeFilter('matter.*') && isEventTypeFilter('matter.closed'));
    assert.ok(!isEventTypeFilter('nope.*') && !isEventTypeFilter('api_key.created'));
    assert.deepEqual(typesMatching('matter.*'), ['matter.created', 'matter.updated', 'matter.closed']);
  });
});
