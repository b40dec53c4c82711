/**
 * The integrator kit's promises that no shared suite covers: money survives JavaScript
 * (`amount_decimal` beside `amount`, either accepted on input), a field left out is
 * parameter_missing whatever its schema, and every /v1 path answers the contract's JSON error.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, type Client } from './helpers/client';
import { expectError } from './helpers/expect';

let srv: TestServer;
let c: Client;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
});
after(async () => srv?.stop());

const BIG = '12345678901234567.123456789012345678';
const cost = (matterId: string, amount: Record<string, unknown>) =>
  c.post('/v1/ledger/entries', {
    matter_id: matterId,
    type: 'cost',
    amount: { currency: 'USD', ...amount },
    description: 'Filing fee',
    occurred_at: '2024-07-01T00:00:00Z',
  });

describe('money survives JavaScript', () => {
  test('amount_decimal in, the same exact digits out as amount_decimal and as the amount literal', async () => {
    const m = await matterWithAuthority(c, 'Big money');
    const r = await fetch(`${srv.url}/v1/ledger/entries`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${srv.adminKey}`,
        'Content-Type': 'application/json',
        'MD-Version': '2026-06-11',
      },
      body: JSON.stringify({
        matter_id: m,
        type: 'cost',
        amount: { amount_decimal: BIG, currency: 'usd' },
        description: 'Big',
        occurred_at: '2024-07-01T00:00:00Z',
      }),
    });
    assert.equal(r.status, 201);
    const text = await r.text();
    assert.ok(text.includes(`"amount":${BIG},"amount_decimal":"${BIG}"`), text);
    const body = JSON.parse(text);
    assert.equal(body.amount.amount_decimal, BIG);
    assert.equal(body.amount.currency, 'USD');
    const again = await c.get(`/v1/ledger/entries/${body.entry_id}`);
    assert.equal(again.body.amount.amount_decimal, BIG);
  });

  test('amount as a number or a string still works, and amount_decimal mirrors it', async () => {
    const m = await matterWithAuthority(c, 'Plain money');
    const a = await cost(m, { amount: 350.5 });
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.deepEqual(
      { amount: a.body.amount.amount, amount_decimal: a.body.amount.amount_decimal },
      { amount: 350.5, amount_decimal: '350.5' },
    );
    const b = await cost(m, { amount: '350.50', amount_decimal: '350.5' });
    assert.equal(b.status, 201, 'both, when they are the same number');
  });

  test('both differing is parameter_invalid; neither is parameter_missing', async () => {
    const m = await matterWithAuthority(c, 'Bad money');
    expectError(await cost(m, { amount: '1', amount_decimal: '2' }), 400, 'parameter_invalid', {
      param: 'amount.amount_decimal',
    });
    expectError(await cost(m, {}), 400, 'parameter_missing', { param: 'amount.amount' });
    expectError(await cost(m, { amount_decimal: 12 }), 400, 'parameter_invalid', { param: 'amount.amount_decimal' });
  });

  test('every money object of a balance and a dashboard carries amount_decimal', async () => {
    const m = await matterWithAuthority(c, 'Balance money');
    await cost(m, { amount_decimal: '10.10' });
    const money: Record<string, unknown>[] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if ('currency' in o && 'amount' in o) money.push(o);
        Object.values(o).forEach(walk);
      }
    };
    walk((await c.get(`/v1/ledger/matters/${m}`)).body);
    walk((await c.get(`/v1/matters/${m}/dashboard`)).body);
    assert.ok(money.length > 10);
    for (const x of money) assert.equal(x.amount_decimal, String(x.amount), JSON.stringify(x));
  });
});

describe('a field left out is parameter_missing, whatever its schema', () => {
  test('an enum (mode), a string (name), an array (source_refs), a nested object field', async () => {
    expectError(await c.post('/v1/matters', { name: 'No mode' }), 400, 'parameter_missing', { param: 'mode' });
    expectError(await c.post('/v1/matters', { mode: 'enforcement' }), 400, 'parameter_missing', { param: 'name' });
    const m = (await c.post('/v1/matters', { name: 'Grantless', mode: 'enforcement' })).body.matter_id;
    expectError(
      await c.post(`/v1/matters/${m}/authority`, { basis: 'engagement_letter', granted_by: 'GC' }),
      400,
      'parameter_missing',
      { param: 'source_refs' },
    );
    expectError(
      await c.post(`/v1/matters/${m}/authority`, { granted_by: 'GC', source_refs: [{ source_type: 'judgment' }] }),
      400,
      'parameter_missing',
      { param: 'basis' },
    );
    expectError(
      await c.post(`/v1/matters/${m}/authority`, {
        basis: 'engagement_letter',
        granted_by: 'GC',
        source_refs: [{ title: 'x' }],
      }),
      400,
      'parameter_missing',
      { param: 'source_refs[0].source_type' },
    );
  });

  test('a present but wrong value stays parameter_invalid', async () => {
    expectError(await c.post('/v1/matters', { name: 'Bad mode', mode: 'nope' }), 400, 'parameter_invalid', {
      param: 'mode',
    });
    expectError(await c.post('/v1/matters', { name: 'Null mode', mode: null }), 400, 'parameter_invalid', {
      param: 'mode',
    });
  });
});

describe("every /v1 path answers the contract's JSON error", () => {
  const cases: [string, string][] = [
    ['GET', '/v1'],
    ['GET', '/v1/'],
    ['GET', '/v1/nope'],
    ['GET', '/v1/matters/mtr_x/nope/deeper'],
    ['POST', '/v1/health'],
    ['PUT', '/v1/matters'],
    ['DELETE', '/v1/matters'],
    ['PATCH', '/v1/judgments/intake'],
    ['GET', '/v1/matters/%20'],
    ['GET', '/v1/matters/a%2Fb'],
    ['POST', '/v1/openapi.json/x'],
  ];
  for (const [method, path] of cases) {
    test(`${method} ${path}`, async () => {
      const r = await fetch(srv.url + path, { method, headers: { Authorization: `Bearer ${srv.adminKey}` } });
      assert.match(
        r.headers.get('content-type') ?? '',
        /application\/json/,
        `${method} ${path}: ${r.status} ${r.headers.get('content-type')}`,
      );
      assert.ok(r.status >= 400 && r.status < 500, `${method} ${path}: ${r.status}`);
      const body = await r.json();
      assert.equal(typeof body.error?.code, 'string', JSON.stringify(body));
      assert.ok(r.headers.get('md-request-id'), 'MD-Request-Id');
    });
  }
});
