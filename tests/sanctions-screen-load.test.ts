/**
 * Name screening does not stall the server (security review of 6f1ea35, "name screening stalls
 * the loop"): `POST /v1/sanctions/screen` with the largest names and lists its schema allows
 * runs while `GET /healthz` keeps answering, and its limits (500 characters a subject, 1,000
 * subjects a list) are refused with 400 parameter_invalid beyond them.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, matterWithAuthority, type Client } from './helpers/client';
import { sdnIndex } from '../src/server/services/sanctions/sdn-data';
import { whileProbing } from './helpers/loop-probe';

let srv: TestServer;
let c: Client;
let matterId: string;

before(async () => {
  // The test process builds its own copy of the SDN index (the costliest names below are made of
  // its words) before any request: on a loaded machine that takes seconds, and a keep-alive
  // socket left idle meanwhile past the server's 5 s timeout made the next fetch fail ('fetch
  // failed') although the server was up and answering.
  sdnIndex();
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  matterId = await matterWithAuthority(c, 'Screening load');
  // The SDN index is built on a process's first screening (about half a second, once); the
  // probes below measure screenings after it.
  const warm = await c.post('/v1/sanctions/screen', { matter_id: matterId, entities: ['Dana Doe'] });
  assert.equal(warm.status, 200, JSON.stringify(warm.body));
  assert.equal((await fetch(`${srv.url}/healthz`)).status, 200);
});
after(async () => srv?.stop());

/** Seeded letters, so every run sends the same names. */
function letters(seed: number) {
  return (n: number) =>
    Array.from({ length: n }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return String.fromCharCode(65 + (seed % 26));
    }).join('');
}

const probing = <T>(work: () => Promise<T>) => whileProbing(srv, work);

describe('screening keeps the server responsive', () => {
  test('/healthz alone, for comparison', async (t) => {
    const { summary } = await probing(() => new Promise((resolve) => setTimeout(resolve, 300)));
    t.diagnostic(summary);
  });

  test('100 names of 480 characters (the review: 24.8 s on the base commit): no /healthz probe waits on a busy loop', async (t) => {
    const word = letters(42);
    const entities = Array.from({ length: 100 }, () =>
      Array.from({ length: 80 }, () => word(5))
        .join(' ')
        .slice(0, 480),
    );
    const run = await probing(() => c.post('/v1/sanctions/screen', { matter_id: matterId, entities }));
    const r = run.result;
    t.diagnostic(run.summary);
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
    assert.equal(r.body.status, 'clear');
    assert.ok(run.probes.length >= 1);
    assert.deepEqual(run.stalls, [], run.summary);
  });

  test('the costliest names the schema allows, 1,000 of them: no /healthz probe waits on a busy loop', async (t) => {
    // Names of listed words, as many as a listed name can pair with (the longest form has 21
    // comparison tokens; two more are allowed): every name is searched, none is cheap noise.
    const index = sdnIndex();
    const mid = index.tokens.words.filter((w) => w.length >= 7 && w.length <= 10);
    let seed = 7;
    const wordOf = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return mid[seed % mid.length];
    };
    const entities = Array.from({ length: 1000 }, () =>
      Array.from({ length: index.maxTokens + 2 }, wordOf)
        .join(' ')
        .slice(0, 500),
    );
    const run = await probing(() =>
      c.post('/v1/sanctions/screen', {
        matter_id: matterId,
        entities,
        counterparties: ['Evgeny Prigozhin'],
      }),
    );
    const r = run.result;
    t.diagnostic(run.summary);
    assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
    assert.ok(
      r.body.matches.some((m: { sdn_id: string; subject_type: string }) => m.sdn_id === '21171'),
      'the names after the long list are screened too',
    );
    assert.ok(run.probes.length >= 3, `${run.probes.length} probes`);
    assert.deepEqual(run.stalls, [], run.summary);
  });
});

describe('the limits of a screen', () => {
  test('a subject over 500 characters, or over 1,000 subjects in a list, is 400 parameter_invalid', async () => {
    const long = 'A'.repeat(501);
    for (const [body, param] of [
      [{ entities: [long] }, 'entities[0]'],
      [{ counterparties: ['Dana Doe', long] }, 'counterparties[1]'],
      [{ wallets: [long] }, 'wallets[0]'],
      [{ entities: Array.from({ length: 1001 }, (_, i) => `Name ${i}`) }, 'entities'],
    ] as const) {
      const r = await c.post('/v1/sanctions/screen', { matter_id: matterId, ...body });
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.error.code, 'parameter_invalid');
      assert.equal(r.body.error.param, param);
    }
    const edge = await c.post('/v1/sanctions/screen', { matter_id: matterId, entities: ['B'.repeat(500)] });
    assert.equal(edge.status, 200, 'exactly 500 characters is allowed');
  });
});
