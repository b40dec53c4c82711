/**
 * Issue 31, parts 1 and 6, on the sandbox chain through HTTP: tokens are known by contract (a
 * "USDT" from a random contract is an unverified token: no peg value, no freeze or burn route,
 * no stablecoin alert; bridged USDC.e is not Circle's; BSC USDT is Binance's), a packet goes to
 * the exchange its wallets point to (or to no one), and the known crypto exposure counts only
 * the debtor's own wallets (218,000, not 279,500).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client, SOURCE } from './helpers/client';
import { expectError, expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { BINANCE_9, evmAddress, sandboxTransfer } from './helpers/fixtures-chain';
import { packetBody, packetSetup } from './helpers/fixtures-packets';
import { approvedCertificate, remediationBody } from './helpers/fixtures-issuer';
import { fixtureRelationship } from './helpers/fixtures-actions';
import { waitForAlert, watchlistBody } from './helpers/fixtures-monitoring';
import { COURT_ORDER_REF } from './helpers/fixtures-packets';

const TETHER_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const USDC_E_POLYGON = '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174';
const BINANCE_PEG_USDT = '0x55d398326f99059fF775485246999027B3197955';

let srv: TestServer;
let c: Client;
let k: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
});
after(async () => srv?.stop());

const send = (to: string, asset: string, amount: string, over: Record<string, unknown> = {}) =>
  sandboxTransfer(k, { network: 'ethereum', from_address: evmAddress(), to_address: to, asset, amount, ...over });
async function assetMap(matter: string, wallets?: unknown[]) {
  const r = await c.post('/v1/crypto/asset-map', { matter_id: matter, ...(wallets ? { wallets } : {}) });
  expectStatus(r, 200, 'asset map');
  return r.body;
}

describe('tokens by contract', () => {
  test('a "USDT" from a random contract is an unverified token: not valued, not freezable, no burn/reissue', async () => {
    const fake = evmAddress();
    const holder = evmAddress();
    const t = await send(holder, 'USDT', '250000', { token_contract: fake });
    assert.equal(t.token_contract.toLowerCase(), fake);
    assert.equal(t.token_status, 'unverified');
    assert.equal(t.token_issuer, null);
    const real = await send(evmAddress(), 'USDT', '10');
    assert.equal(real.token_contract, TETHER_ETH, 'a known ticker defaults to the issuer contract');
    assert.equal(real.token_status, 'verified');
    assert.match(real.token_issuer, /^Tether/);

    const s = await packetSetup(k);
    const map = await assetMap(s.matterId, [holder]);
    const row = map.token_exposures.find((x: { wallet: string }) => x.wallet.toLowerCase() === holder);
    assert.equal(row.token_status, 'unverified');
    assert.equal(row.usd_value, null, 'no peg value for an unverified token');
    assert.equal(row.valuation_basis, null);
    assert.deepEqual(map.stablecoin_exposure, []);
    assert.equal(map.review_state.review_required, true);
    assert.match(map.review_state.review_notes, /unverified token/);

    const exp = await c.post('/v1/crypto/stablecoin-exposure', { matter_id: s.matterId, wallets: [holder] });
    expectStatus(exp, 200, 'exposure');
    assert.deepEqual(exp.body.items, []);

    const freeze = await c.post(
      '/v1/issuer-remediation/freeze-packet',
      remediationBody(s, { wallets: [holder], packet_type: undefined, source_refs: [SOURCE] }),
    );
    expectError(freeze, 400, 'parameter_invalid');
    assert.match(freeze.body.error.message, /no freezable stablecoin/);
    await approvedCertificate(k, s.matterId);
    const burn = await c.post(
      '/v1/issuer-remediation/burn-reissue-packet',
      remediationBody(s, { wallets: [holder], packet_type: 'USDT:ethereum', source_refs: [SOURCE, COURT_ORDER_REF] }),
    );
    // Named as Tether USDT, the packet finds no Tether USDT held: never the fake 250,000.
    assert.ok(burn.status < 500, JSON.stringify(burn.body));
    if (burn.status === 201) assert.equal(burn.body.amount.amount_decimal, '0');
    assert.doesNotMatch(JSON.stringify(burn.body), /250000/);
  });

  test('a fake "USDT" raises no stablecoin alert; Tether USDT does', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    expectStatus(
      await c.post('/v1/watchlists', watchlistBody(m, [debtor], { thresholds: { min_amount: '1' } })),
      201,
      'watchlist',
    );
    await send(debtor, 'USDT', '250000', { token_contract: evmAddress() });
    const real = await send(debtor, 'USDT', '5');
    const sc = await waitForAlert(c, `matter_id=${m}&type=stablecoin_exposure`);
    assert.equal(sc.evidence.transaction_hash, real.transaction_hash, 'only the Tether transfer is a stablecoin alert');
    const all = await c.get(`/v1/alerts?matter_id=${m}&type=stablecoin_exposure&limit=100`);
    expectStatus(all, 200, 'alerts');
    assert.equal(all.body.data.length, 1);
  });

  test('USDC.e on Polygon is not Circle USDC; USDT on BSC is Binance-Peg, not Tether', async () => {
    const holder = evmAddress();
    const bridged = await send(holder, 'USDC', '1000', { network: 'polygon', token_contract: USDC_E_POLYGON });
    assert.equal(bridged.token_status, 'verified');
    assert.doesNotMatch(bridged.token_issuer, /^Circle/);
    assert.equal(bridged.token_asset, 'USDC.E');
    const native = await send(holder, 'USDC', '5', { network: 'polygon' });
    assert.match(native.token_issuer, /^Circle/);
    assert.notEqual(native.token_contract, bridged.token_contract);
    const bsc = await send(holder, 'USDT', '700', { network: 'bsc' });
    assert.equal(bsc.token_contract, BINANCE_PEG_USDT);
    assert.match(bsc.token_issuer, /Binance/);
    assert.doesNotMatch(bsc.token_issuer, /^Tether/);

    const m = await k.matter();
    const exp = await c.post('/v1/crypto/stablecoin-exposure', {
      matter_id: m,
      wallets: [
        { address: holder, network: 'polygon' },
        { address: holder, network: 'bsc' },
      ],
    });
    expectStatus(exp, 200, 'exposure');
    const byAsset = Object.fromEntries(
      exp.body.items.map((i: { asset: string; network: string }) => [`${i.asset}:${i.network}`, i]),
    );
    assert.doesNotMatch(byAsset['USDC.E:polygon'].issuer, /^Circle/);
    assert.deepEqual(byAsset['USDC.E:polygon'].remediation_candidates, [], 'Circle cannot freeze USDC.e');
    assert.equal(byAsset['USDC.E:polygon'].review_required, true);
    assert.match(byAsset['USDC:polygon'].issuer, /^Circle/);
    assert.equal(byAsset['USDC:polygon'].remediation_candidates[0].action_type, 'freeze_only', 'USDC has no wipe');
    assert.match(byAsset['USDT:bsc'].issuer, /Binance/);
    assert.deepEqual(byAsset['USDT:bsc'].remediation_candidates, []);
  });

  test('bad contracts: malformed or on a network without tokens is 400 token_contract, never a 500', async () => {
    for (const [network, contract, to] of [
      ['ethereum', '0x1234', evmAddress()],
      ['ethereum', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', evmAddress()],
      ['bitcoin', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ]) {
      const r = await c.post('/v1/sandbox/chain/transfers', {
        network,
        from_address: network === 'bitcoin' ? '38fJPq4dYGPoJizEUGCL9yWkqg73cJmC2n' : evmAddress(),
        to_address: to,
        asset: 'USDT',
        amount: '1',
        token_contract: contract,
      });
      expectError(r, 400, 'parameter_invalid');
      assert.equal(r.body.error.param, 'token_contract', JSON.stringify(r.body));
    }
  });
});

describe('dated prices', () => {
  test('ETH is valued at its dated close, with valuation_time, price and source; a stale close is reviewed; the dashboard counts it', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    await send(debtor, 'ETH', '2.5');
    await send(debtor, 'USDT', '1000');
    const imp = await c.post('/v1/attribution/wallets/import', {
      matter_id: m,
      wallets: [{ address: debtor, network: 'ethereum', role: 'debtor_owned' }],
    });
    assert.ok(imp.status < 300, JSON.stringify(imp.body));
    const map = await assetMap(m);
    const eth = map.token_exposures.find((x: { asset: string }) => x.asset === 'ETH');
    assert.equal(eth.token_status, 'native');
    assert.equal(eth.valuation_basis, 'daily_close');
    assert.equal(eth.valuation_time, map.created_at);
    // The dataset ends on 2025-09-30 (ETH close 4182.9619140625): 2.5 ETH.
    assert.equal(eth.price_date, '2025-09-30');
    assert.equal(eth.price_usd, 4182.9619140625);
    assert.equal(eth.usd_value, 10457.40478516);
    assert.match(eth.price_source, /data\/prices\/daily-closes\.csv: yahoo via Gyumin5\/MoneyFlow@ebbfb73/);
    const usdt = map.token_exposures.find((x: { asset: string }) => x.asset === 'USDT');
    assert.deepEqual([usdt.valuation_basis, usdt.price_usd, usdt.valuation_time], ['peg', 1, map.created_at]);
    assert.equal(map.review_state.review_required, true);
    assert.match(
      map.review_state.review_notes,
      /ETH is valued at its 2025-09-30 close .* days before the valuation time/,
    );
    const d = await c.get(`/v1/matters/${m}/dashboard`);
    expectStatus(d, 200, 'dashboard');
    assert.equal(d.body.known_crypto_exposure.amount_decimal, '11457.40478516', 'ETH counts, not only USDT');
  });
});

describe('recipient and exposure', () => {
  test('a packet about funds at Binance is not addressed to Coinbase: no relationship for binance, then Binance', async () => {
    // packetSetup registers a low-risk Coinbase relationship taking every exchange packet type.
    const s = await packetSetup(k, { roles: ['operator'] });
    const p = await c.post('/v1/packets/exchange-intercept', packetBody(s, { wallets: [BINANCE_9] }));
    expectStatus(p, 200, 'packet');
    assert.equal(p.body.recipient, null, 'never Coinbase for funds at Binance');
    assert.equal(p.body.readiness.ready, false);
    assert.ok(
      p.body.readiness.missing_items.some((m: string) => /no relationship for binance/.test(m)),
      JSON.stringify(p.body.readiness),
    );
    const chk = p.body.readiness.checks.find((x: { check: string }) => x.check === 'recipient_exchange');
    assert.match(chk.reason, /point to binance/);

    // Binance's channel requires an authorized submitter: judged on THAT channel (Coinbase's does not).
    await fixtureRelationship(k, {
      counterparty_name: 'Binance Holdings Ltd.',
      packet_types_supported: ['exchange_intercept'],
      authorized_submitter_required: true,
      risk_level: 'high',
    });
    const p2 = await c.post('/v1/packets/exchange-intercept', packetBody(s, { wallets: [BINANCE_9] }));
    expectStatus(p2, 200, 'packet');
    assert.equal(p2.body.recipient.counterparty_name, 'Binance Holdings Ltd.');
    const sub = p2.body.readiness.checks.find((x: { check: string }) => x.check === 'authorized_submitter');
    assert.equal(sub.status, 'fail');
    assert.match(sub.reason, /Binance Holdings Ltd\. requires an authorized submitter/);
  });

  test('known crypto exposure counts only debtor_owned and debtor_controlled wallets: 218,000, not 279,500', async () => {
    const m = await k.matter();
    const [owned, controlled, deposit, unknown] = [evmAddress(), evmAddress(), evmAddress(), evmAddress()];
    await send(owned, 'USDT', '200000');
    await send(controlled, 'USDC', '18000');
    await send(deposit, 'USDT', '50000');
    await send(unknown, 'USDT', '11500');
    const imp = await c.post('/v1/attribution/wallets/import', {
      matter_id: m,
      wallets: [
        { address: owned, network: 'ethereum', role: 'debtor_owned' },
        { address: controlled, network: 'ethereum', role: 'debtor_controlled' },
        { address: deposit, network: 'ethereum', role: 'exchange_deposit' },
        { address: unknown, network: 'ethereum', role: 'unknown' },
      ],
    });
    assert.ok(imp.status < 300, JSON.stringify(imp.body));
    const map = await assetMap(m);
    assert.equal(map.known_exposure.usd_value, 218000);
    assert.deepEqual(
      map.known_exposure.excluded
        .map((e: { wallet_role: string; usd_value: number }) => [e.wallet_role, e.usd_value])
        .sort(),
      [
        ['exchange_deposit', 50000],
        ['unknown', 11500],
      ],
    );
    const d = await c.get(`/v1/matters/${m}/dashboard`);
    expectStatus(d, 200, 'dashboard');
    assert.equal(d.body.known_crypto_exposure.amount_decimal, '218000');
    assert.equal(d.body.known_crypto_exposure.valuation_time, map.created_at);
    assert.deepEqual(
      d.body.other_crypto_holdings
        .map((e: { wallet_role: string; usd_value: { amount_decimal: string } }) => [
          e.wallet_role,
          e.usd_value.amount_decimal,
        ])
        .sort(),
      [
        ['exchange_deposit', '50000'],
        ['unknown', '11500'],
      ],
    );
  });
});
