/**
 * Chain data, crypto intelligence and attribution end to end through HTTP on the sandbox
 * chain: transfers then balances, a deposit-pattern hypothesis to a labelled exchange, USDT
 * exposure naming Tether's freeze function, a timeline in order naming an OFAC-listed
 * counterparty; attribution and network signals; bad input on every new operation.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { productionAdminKey } from './helpers/production-key';
import { BINANCE_9, evmAddress, KUCOIN_BTC, LAZARUS } from './helpers/fixtures-chain';

let srv: TestServer;
let c: Client;
let kit: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  kit = await makeKit(c);
});
after(async () => srv?.stop());

const send = async (
  from: string,
  to: string,
  asset: string,
  amount: string,
  timestamp: string,
  network = 'ethereum',
) => {
  const r = await c.post('/v1/sandbox/chain/transfers', {
    network,
    from_address: from,
    to_address: to,
    asset,
    amount,
    timestamp,
  });
  expectStatus(r, 201, `transfer ${asset} ${amount}`);
  return r.body;
};

describe('sandbox chain end to end', () => {
  const debtor = evmAddress();
  const deposit = evmAddress(); // an exchange deposit address: unlabelled, forwards to Binance
  const payer = evmAddress();
  let matter: string;

  before(async () => {
    matter = await kit.matter();
    await send(payer, debtor, 'USDT', '5000', '2025-03-01T10:00:00Z');
    await send(payer, debtor, 'ETH', '2.5', '2025-03-01T11:00:00Z');
    await send(debtor, deposit, 'USDT', '1200.50', '2025-03-02T09:00:00Z');
    await send(deposit, BINANCE_9, 'USDT', '1200.50', '2025-03-04T08:00:00Z'); // 71 h later
    await send(LAZARUS, debtor, 'ETH', '0.75', '2025-03-03T12:00:00Z');
  });

  test('a transfer answers the sandbox_transfer object with a synthetic hash and block', async () => {
    const t = await send(evmAddress(), evmAddress(), 'usdc', '1.000000000000000001', '2025-01-01T00:00:00Z');
    assert.equal(t.object, 'sandbox_transfer');
    assert.match(t.transaction_hash, /^0x[0-9a-f]{64}$/);
    assert.equal(t.asset, 'USDC');
    assert.equal(t.amount, 1.000000000000000001);
    assert.ok(Number.isInteger(t.block_number));
    assert.match(t.audit_ref, /^eve_/);
  });

  test('transfers, then balances: the asset map holds what the transfers left, stablecoins at the peg, ETH at its dated close', async () => {
    const r = await c.post('/v1/crypto/asset-map', { matter_id: matter, wallets: [debtor] });
    expectStatus(r, 200);
    const m = r.body;
    assert.match(m.map_id, /^map_/);
    const by = Object.fromEntries(m.token_exposures.map((t: any) => [t.asset, t]));
    assert.equal(by.USDT.amount, 3799.5);
    assert.equal(by.USDT.usd_value, 3799.5);
    assert.equal(by.USDT.valuation_basis, 'peg');
    assert.equal(by.ETH.amount, 3.25);
    // Issue 31 part 5: ETH is valued at its dated close (the shipped data ends 2025-09-30: 4182.9619140625 USD).
    assert.equal(by.ETH.usd_value, 13594.6262207);
    assert.equal(by.ETH.valuation_basis, 'daily_close');
    assert.equal(by.ETH.price_date, '2025-09-30');
    assert.equal(m.review_state.review_required, true, 'the ETH close is stale');
    assert.match(m.review_state.review_notes, /ETH is valued at its 2025-09-30 close/);
    assert.equal(m.source_manifest[0].source, 'sandbox_chain');
    assert.equal(m.source_manifest[0].network, 'ethereum');
    assert.ok(m.source_manifest[0].datasets.some((d: string) => d.startsWith('data/stablecoins/issuers.json')));
    assert.ok(m.exchange_hypotheses.some((h: any) => h.basis === 'deposit_pattern' && h.exchange === 'binance'));
    assert.ok(m.stablecoin_exposure.some((s: any) => s.asset === 'USDT'));
    const again = await c.get(`/v1/crypto/asset-map/${m.map_id}`);
    expectStatus(again, 200);
    assert.deepEqual({ ...again.body, audit_ref: null }, { ...m, audit_ref: null });
    const events = await c.get(`/v1/events?matter_id=${matter}&type=asset_map.created`);
    assert.equal(events.body.data[0].data.object.map_id, m.map_id);
  });

  test('a deposit-pattern hypothesis to a labelled exchange, with confidence and packet readiness', async () => {
    const r = await c.post('/v1/crypto/exchange-hypotheses', { matter_id: matter, wallets: [debtor] });
    expectStatus(r, 200);
    const h = r.body.items.find((x: any) => x.basis === 'deposit_pattern');
    assert.ok(h, JSON.stringify(r.body.items));
    assert.equal(h.exchange, 'binance');
    assert.equal(h.confidence, 20); // Etherscan label = web_crawl 20, below untrusted_transaction 40
    assert.equal(h.packet_readiness, 'needs_relationship'); // authority granted, no relationship yet
    assert.equal(h.evidence.length, 2);
    assert.match(h.hypothesis_id, /^hyp_/);
    const filtered = await c.post('/v1/crypto/exchange-hypotheses', {
      matter_id: matter,
      wallets: [debtor],
      min_confidence: 21,
    });
    assert.equal(filtered.body.items.length, 0);
    const noAuthority = await kit.matter({ authority: false });
    const r2 = await c.post('/v1/crypto/exchange-hypotheses', { matter_id: noAuthority, wallets: [debtor] });
    assert.equal(r2.body.items[0].packet_readiness, 'needs_authority');
  });

  test('USDT exposure names Tether and its freeze function', async () => {
    const r = await c.post('/v1/crypto/stablecoin-exposure', {
      matter_id: matter,
      wallets: [debtor],
      assets: ['USDT'],
    });
    expectStatus(r, 200);
    assert.equal(r.body.items.length, 1);
    const e = r.body.items[0];
    assert.match(e.issuer, /^Tether/);
    assert.equal(e.amount, 3799.5);
    assert.match(e.freeze_capability_notes, /addBlackList/);
    assert.equal(e.remediation_candidates[0].freeze_function, 'addBlackList');
    assert.deepEqual(e.check_functions, [
      'isBlackListed(address) [public mapping]',
      'getBlackListStatus(address _maker)',
    ]);
    assert.equal(e.review_required, false);
    assert.match(e.freeze_capability_notes, /sandbox_chain source cannot read isBlackListed/);
  });

  test('a timeline in order, naming the OFAC-listed counterparty', async () => {
    const r = await c.post('/v1/crypto/transaction-timeline', {
      matter_id: matter,
      wallets: [debtor],
      from: '2025-03-01T00:00:00Z',
      to: '2025-03-31T00:00:00Z',
    });
    expectStatus(r, 200);
    const ev = r.body.events;
    assert.equal(ev.length, 4);
    assert.deepEqual(
      ev.map((e: any) => e.timestamp),
      [...ev.map((e: any) => e.timestamp)].sort(),
    );
    const lazarus = ev.find((e: any) => e.from_address === LAZARUS);
    assert.ok(
      lazarus.notes.some((n: string) => /OFAC SDN listed: Lazarus Group/.test(n)),
      JSON.stringify(lazarus.notes),
    );
    assert.equal(r.body.review_state.review_required, true);
    const narrow = await c.post('/v1/crypto/transaction-timeline', {
      matter_id: matter,
      wallets: [debtor],
      from: '2025-03-02T00:00:00Z',
      to: '2025-03-02T23:59:59Z',
    });
    assert.equal(narrow.body.events.length, 1);
  });

  test('a production key: the sandbox chain route does not exist, and outputs name the missing source', async () => {
    expectStatus(await c.patch(`/v1/organizations/${kit.orgId}`, { features: ['production_access'] }), 200);
    // A sandbox key never issues production keys (issue 8): the first one comes from the console.
    const live = c.withKey(await productionAdminKey(srv, kit.orgId));
    expectError(
      await live.post('/v1/sandbox/chain/transfers', {
        network: 'ethereum',
        from_address: evmAddress(),
        to_address: evmAddress(),
        asset: 'ETH',
        amount: '1',
      }),
      404,
      'route_not_found',
    );
    const m = await live.post('/v1/matters', { name: 'Live', mode: 'enforcement' });
    const map = await live.post('/v1/crypto/asset-map', { matter_id: m.body.matter_id, wallets: [debtor, KUCOIN_BTC] });
    expectStatus(map, 200);
    assert.equal(map.body.token_exposures.length, 0, 'no balance is invented');
    assert.equal(map.body.review_state.review_required, true);
    assert.match(map.body.review_state.review_notes, /MD_RPC_URL_ETHEREUM/);
    assert.deepEqual(
      map.body.source_manifest.map((s: any) => s.source),
      ['none', 'none'],
    );
  });
});

describe('attribution and network signals', () => {
  test('wallet import validates and merges; claims, scores, graph, contradictions', async () => {
    const m = await kit.matter();
    const w = evmAddress();
    await send(w, BINANCE_9, 'USDC', '10', '2025-04-01T00:00:00Z');
    const first = await c.post('/v1/attribution/wallets/import', {
      matter_id: m,
      wallets: [{ address: w, network: 'ethereum', role: 'unknown' }, { address: KUCOIN_BTC }],
    });
    expectStatus(first, 201);
    assert.equal(first.body.imported, 2);
    assert.equal(first.body.wallets[1].network, 'bitcoin');
    const again = await c.post('/v1/attribution/wallets/import', {
      matter_id: m,
      wallets: [
        { address: w.toUpperCase().replace('0X', '0x'), network: 'ethereum', role: 'debtor_owned', confidence: 90 },
      ],
    });
    expectStatus(again, 201);
    assert.equal(again.body.imported, 0);
    assert.equal(again.body.merged, 1);
    assert.equal(again.body.wallets[0].wallet_id, first.body.wallets[0].wallet_id);
    assert.equal(again.body.wallets[0].role, 'debtor_owned');

    const a = await c.post('/v1/attribution/claims', {
      matter_id: m,
      subject: 'Alice Debtor',
      predicate: 'owns',
      object: w,
      source_type: 'exchange_response',
    });
    expectStatus(a, 201);
    assert.equal(a.body.object, w);
    assert.equal(a.body.confidence, 70);
    const b = await c.post('/v1/attribution/claims', {
      matter_id: m,
      subject: 'Bob Nominee',
      predicate: 'controls',
      object: w,
      source_type: 'network_signal',
      confidence: 95,
    });
    // Issue 31: no more than a network signal shows alone (heuristic 10), not the 95 typed in.
    assert.equal(b.body.confidence, 10, 'network-only claims stay weak_signal');
    // Corroborations are claims (ids), no longer free text such as 'osint: registry'.
    const reg = await c.post('/v1/attribution/claims', {
      matter_id: m,
      subject: 'Alice Debtor',
      predicate: 'owns',
      object: w,
      source_type: 'osint',
      source_refs: [{ source_type: 'public_record', title: 'Company registry extract' }],
    });
    expectStatus(reg, 201);
    const s = await c.post('/v1/attribution/confidence-score', {
      claim_id: a.body.claim_id,
      evidence_tier: 'forensic_investigation',
      corroboration: [reg.body.claim_id],
      contradictions: [b.body.claim_id],
    });
    expectStatus(s, 200);
    assert.equal(s.body.score, 68.93); // (70 + 30 × 0.3 × 20/100) × (1 − 0.4 × 10/100)
    assert.equal(s.body.label, 'moderate');
    expectError(
      await c.post('/v1/attribution/confidence-score', { claim_id: a.body.claim_id, evidence_tier: 'gut_feeling' }),
      400,
      'parameter_invalid',
      { param: 'evidence_tier' },
    );

    const g = await c.post('/v1/attribution/graph', { matter_id: m, include_contradictions: true });
    expectStatus(g, 200);
    const kinds = new Set(g.body.nodes.map((n: any) => n.kind));
    for (const k of ['wallet', 'person', 'exchange']) assert.ok(kinds.has(k), `${k} node in ${[...kinds]}`);
    assert.ok(g.body.edges.some((e: any) => e.kind === 'transfer' && e.transfers === 1));
    assert.ok(g.body.edges.some((e: any) => e.kind === 'claim' && e.confidence_label === 'moderate'));
    assert.equal(g.body.contradictions.length, 1);
    assert.equal(g.body.confidence_matrix.length, 3);
    assert.equal(g.body.confidence_matrix.find((x: any) => x.claim_id === b.body.claim_id).label, 'weak_signal');
    const read = await c.get(`/v1/attribution/graphs/${g.body.graph_id}`);
    expectStatus(read, 200);
    assert.equal(read.body.nodes.length, g.body.nodes.length);
  });

  test('network signals: redacted only, L0–L3, correlation never standalone proof', async () => {
    const m = await kit.matter();
    const w = evmAddress();
    const imp = await c.post('/v1/attribution/wallets/import', {
      matter_id: m,
      wallets: [{ address: w, network: 'ethereum' }],
    });
    const base = { matter_id: m, signal_type: 'exchange_login_ip', wallet_address: w };
    for (const raw of ['203.0.113.7', '2001:db8::1', 'john.doe@example.com']) {
      expectError(
        await c.post('/v1/network-attribution/signals', { ...base, source: 'x', raw_value_redacted: raw }),
        400,
        'parameter_invalid',
        { param: 'raw_value_redacted' },
      );
    }
    const s1 = await c.post('/v1/network-attribution/signals', {
      ...base,
      source: 'Exchange A subpoena',
      raw_value_redacted: '203.0.113.x',
    });
    expectStatus(s1, 201);
    assert.equal(s1.body.confidence_level, 'L0');
    const s2 = await c.post('/v1/network-attribution/signals', {
      ...base,
      source: 'Exchange A subpoena',
      legal_process_id: 'sub-7',
      raw_value_redacted: '203.0.113.x',
    });
    assert.equal(s2.body.confidence_level, 'L1');
    const s3 = await c.post('/v1/network-attribution/signals', {
      ...base,
      source: 'ISP records',
      raw_value_redacted: '203.0.113.x',
    });
    assert.equal(s3.body.confidence_level, 'L3', 'corroborated by another source, wallet imported on the matter');
    const corr = await c.post('/v1/network-attribution/correlate', {
      matter_id: m,
      wallet_ids: [imp.body.wallets[0].wallet_id],
    });
    expectStatus(corr, 200);
    assert.equal(corr.body.correlations.length, 3);
    for (const x of corr.body.correlations) {
      assert.equal(x.review_required, true);
      assert.equal(x.label, 'weak_signal');
    }
    const read = await c.get(`/v1/network-attribution/${corr.body.network_attribution_id}`);
    expectStatus(read, 200);
    assert.equal(read.body.object, 'network_correlation');
    assert.equal(
      (await c.get(`/v1/network-attribution/${s3.body.network_attribution_id}`)).body.object,
      'network_attribution_signal',
    );
  });
});

describe('bad input on every new operation → 4xx', () => {
  test('invalid addresses for their network, unknown networks, from after to, huge wallets arrays', async () => {
    const m = await kit.matter();
    const tooMany = Array.from({ length: 201 }, () => evmAddress());
    const cases: [string, Record<string, unknown>, number, string, string?][] = [
      [
        '/v1/sandbox/chain/transfers',
        { network: 'ethereum', from_address: KUCOIN_BTC, to_address: evmAddress(), asset: 'ETH', amount: '1' },
        400,
        'parameter_invalid',
        'from_address',
      ],
      [
        '/v1/sandbox/chain/transfers',
        { network: 'dogechain', from_address: evmAddress(), to_address: evmAddress(), asset: 'ETH', amount: '1' },
        400,
        'parameter_invalid',
        'network',
      ],
      [
        '/v1/sandbox/chain/transfers',
        { network: 'ethereum', from_address: evmAddress(), to_address: evmAddress(), asset: 'ETH', amount: '-1' },
        400,
        'parameter_invalid',
        'amount',
      ],
      [
        '/v1/sandbox/chain/transfers',
        { network: 'tron', from_address: 'T' + 'a'.repeat(33), to_address: evmAddress(), asset: 'TRX', amount: '1' },
        400,
        'parameter_invalid',
        'from_address',
      ],
      ['/v1/crypto/asset-map', { matter_id: m, wallets: ['0x1234'] }, 400, 'parameter_invalid', 'wallets[0]'],
      [
        '/v1/crypto/asset-map',
        { matter_id: m, wallets: [{ address: KUCOIN_BTC, network: 'ethereum' }] },
        400,
        'parameter_invalid',
        'wallets[0].address',
      ],
      [
        '/v1/crypto/asset-map',
        { matter_id: m, wallets: [evmAddress()], chains: ['solana-x'] },
        400,
        'parameter_invalid',
      ],
      ['/v1/crypto/asset-map', { matter_id: m, wallets: tooMany }, 400, 'parameter_invalid', 'wallets'],
      [
        '/v1/crypto/transaction-timeline',
        { matter_id: m, wallets: [evmAddress()], from: '2025-02-01T00:00:00Z', to: '2025-01-01T00:00:00Z' },
        400,
        'parameter_invalid',
        'from',
      ],
      ['/v1/crypto/transaction-timeline', { matter_id: m, wallets: tooMany }, 400, 'parameter_invalid', 'wallets'],
      [
        '/v1/crypto/exchange-hypotheses',
        { matter_id: m, wallets: ['not-an-address'] },
        400,
        'parameter_invalid',
        'wallets[0]',
      ],
      [
        '/v1/crypto/exchange-hypotheses',
        { matter_id: m, wallets: [evmAddress()], min_confidence: 101 },
        400,
        'parameter_invalid',
        'min_confidence',
      ],
      [
        '/v1/crypto/stablecoin-exposure',
        { matter_id: m, wallets: [{ address: evmAddress(), network: 'bitcoin' }] },
        400,
        'parameter_invalid',
        'wallets[0].address',
      ],
      ['/v1/crypto/stablecoin-exposure', { matter_id: m, wallets: tooMany }, 400, 'parameter_invalid', 'wallets'],
      [
        '/v1/attribution/wallets/import',
        { matter_id: m, wallets: [{ address: '0x001866AE5b3de6caa5a51543fd9fb64f524f5478' }] },
        400,
        'parameter_invalid',
        'wallets[0].address',
      ],
      [
        '/v1/attribution/wallets/import',
        { matter_id: m, wallets: [{ address: evmAddress(), network: 'narnia' }] },
        400,
        'parameter_invalid',
      ],
      [
        '/v1/attribution/wallets/import',
        { matter_id: m, wallets: tooMany.map((address) => ({ address })) },
        400,
        'parameter_invalid',
        'wallets',
      ],
      [
        '/v1/attribution/graph',
        { matter_id: m, wallet_ids: ['wal_000000000000000000000000'] },
        400,
        'parameter_invalid',
        'wallet_ids[0]',
      ],
      ['/v1/attribution/graph', { matter_id: m, wallet_ids: tooMany }, 400, 'parameter_invalid', 'wallet_ids'],
      [
        '/v1/attribution/claims',
        { matter_id: m, subject: 'A', predicate: 'loves', object: 'B', source_type: 'osint' },
        400,
        'parameter_invalid',
        'predicate',
      ],
      [
        '/v1/attribution/claims',
        { matter_id: m, subject: 'A', predicate: 'owns', object: 'B', source_type: 'rumour' },
        400,
        'parameter_invalid',
        'source_type',
      ],
      [
        '/v1/attribution/confidence-score',
        { claim_id: 'clm_000000000000000000000000', evidence_tier: 'ownership' },
        404,
        'not_found',
      ],
      [
        '/v1/network-attribution/signals',
        { matter_id: m, signal_type: 'x', source: 'y', wallet_address: '0xnothex' },
        400,
        'parameter_invalid',
        'wallet_address',
      ],
      [
        '/v1/network-attribution/correlate',
        { matter_id: m, signal_ids: ['net_000000000000000000000000'] },
        400,
        'parameter_invalid',
        'signal_ids[0]',
      ],
      [
        '/v1/network-attribution/correlate',
        { matter_id: m, wallet_ids: tooMany },
        400,
        'parameter_invalid',
        'wallet_ids',
      ],
    ];
    for (const [path, body, status, code, param] of cases) {
      expectError(await c.post(path, body), status, code as never, {
        label: `${path} ${JSON.stringify(body).slice(0, 120)}`,
        ...(param ? { param } : {}),
      });
    }
    for (const path of [
      '/v1/crypto/asset-map/map_000000000000000000000000',
      '/v1/attribution/graphs/gra_x',
      '/v1/network-attribution/net_000000000000000000000000',
    ]) {
      expectError(await c.get(path), 404, 'not_found');
    }
  });
});
