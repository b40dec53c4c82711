/**
 * Issue 31, part 5 (dated prices) beyond the asset map's rows: every USD value the service gives
 * carries its valuation time, the price used and its source. Stablecoin exposure items (the
 * exposure operation and the asset map's) are valued at the peg with the time they were valued;
 * monitoring alerts value a transfer when it moved: a stablecoin at its peg, ETH at the close of
 * its day (data/prices/daily-closes.csv), and a close older than the transfer says so and sets
 * review. Through HTTP on the sandbox chain.
 *
 * Closes (Yahoo Finance ETH-USD as shipped, see data/prices/PROVENANCE.md): 2021-11-09
 * 4735.06884765625 (the November 2021 high), 2025-09-30 4182.9619140625 (the data's last day).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from './helpers/server';
import { client, type Client } from './helpers/client';
import { expectStatus } from './helpers/expect';
import { makeKit, type Kit } from './helpers/fixtures';
import { evmAddress, transfer } from './helpers/fixtures-chain';
import { waitForAlert, watchlistBody } from './helpers/fixtures-monitoring';

const TETHER_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

let srv: TestServer;
let c: Client;
let k: Kit;

before(async () => {
  srv = await startServer();
  c = client(srv.url, srv.adminKey);
  k = await makeKit(c);
});
after(async () => srv?.stop());

describe('stablecoin exposure carries its valuation', () => {
  test("exposure items: valuation time, price 1 and the peg source; in an asset map, the map's time", async () => {
    const m = await k.matter();
    const holder = evmAddress();
    await transfer(k, evmAddress(), holder, 'USDT', '2100');
    const before = Date.now();
    const r = await c.post('/v1/crypto/stablecoin-exposure', { matter_id: m, wallets: [holder] });
    expectStatus(r, 200, 'exposure');
    const [item] = r.body.items;
    assert.equal(item.contract, TETHER_ETH);
    assert.equal(item.usd_value, 2100);
    assert.equal(item.valuation_basis, 'peg');
    assert.equal(item.price_usd, 1);
    assert.equal(item.price_date, null, 'the peg has no date, so it is never stale');
    assert.equal(item.price_source, 'peg (data/stablecoins/issuers.json)');
    const t = Date.parse(item.valuation_time);
    assert.ok(t >= before - 1000 && t <= Date.now() + 1000, item.valuation_time);
    assert.equal(item.review_required, false);

    const map = await c.post('/v1/crypto/asset-map', { matter_id: m, wallets: [holder] });
    expectStatus(map, 200, 'asset map');
    const [e] = map.body.stablecoin_exposure;
    assert.equal(e.valuation_time, map.body.created_at, 'one valuation time for the whole map');
    const row = map.body.token_exposures.find((x: any) => x.asset === 'USDT');
    assert.equal(row.valuation_time, e.valuation_time);
    assert.equal(row.price_source, e.price_source);
  });
});

describe('monitoring alerts value a transfer when it moved', () => {
  test('ETH meets a min_usd threshold at its dated close; the alert names the close and its source', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    expectStatus(
      await c.post('/v1/watchlists', watchlistBody(m, [debtor], { thresholds: { min_usd: '1000', exchange_hops: 1 } })),
      201,
      'watchlist',
    );
    // 0.1 ETH on 2021-11-09 is 473.51 USD (under 1,000): no movement alert; 1 ETH is 4,735.07.
    await transfer(k, debtor, evmAddress(), 'ETH', '0.1', '2021-11-09T15:00:00Z');
    const big = await transfer(k, debtor, evmAddress(), 'ETH', '1', '2021-11-09T16:00:00Z');
    const a = await waitForAlert(c, `matter_id=${m}&type=wallet_movement`);
    assert.equal(a.evidence.transaction_hash, big.transaction_hash, 'only the transfer worth 1,000 USD or more');
    const ev = a.evidence;
    assert.equal(ev.usd_value.amount_decimal, '4735.06884766', 'kept to 8 places');
    assert.equal(ev.usd_value.currency, 'USD');
    assert.equal(ev.usd_value.valuation_time, '2021-11-09T16:00:00.000Z');
    assert.equal(ev.valuation_time, '2021-11-09T16:00:00.000Z');
    assert.equal(ev.valuation_basis, 'daily_close');
    assert.equal(ev.price_usd, 4735.06884765625);
    assert.equal(ev.price_date, '2021-11-09');
    assert.match(ev.price_source, /^data\/prices\/daily-closes\.csv: yahoo via Gyumin5\/MoneyFlow@ebbfb73$/);
    assert.equal(ev.review_required, false);
    assert.deepEqual(ev.review_reasons, []);
    const all = await c.get(`/v1/alerts?matter_id=${m}&type=wallet_movement&limit=100`);
    expectStatus(all, 200, 'alerts');
    assert.equal(all.body.data.length, 1);
  });

  test('a transfer after the price data ends is valued at the last close and marked for review', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    expectStatus(
      await c.post('/v1/watchlists', watchlistBody(m, [debtor], { thresholds: { min_usd: '1000', exchange_hops: 1 } })),
      201,
      'watchlist',
    );
    const t = await transfer(k, debtor, evmAddress(), 'ETH', '2');
    const a = await waitForAlert(c, `matter_id=${m}&type=wallet_movement`);
    assert.equal(a.evidence.transaction_hash, t.transaction_hash);
    assert.equal(a.evidence.price_date, '2025-09-30');
    assert.equal(a.evidence.usd_value.amount_decimal, '8365.92382813');
    assert.equal(a.evidence.valuation_time, t.timestamp);
    assert.equal(a.evidence.review_required, true);
    assert.match(a.evidence.review_reasons[0], /2025-09-30 close .* days before the valuation time/);
  });

  test('a stablecoin alert carries the peg, its source and the transfer time', async () => {
    const m = await k.matter();
    const debtor = evmAddress();
    expectStatus(
      await c.post('/v1/watchlists', watchlistBody(m, [debtor], { thresholds: { min_amount: '1' } })),
      201,
      'watchlist',
    );
    const t = await transfer(k, evmAddress(), debtor, 'USDT', '5000', '2024-03-01T00:00:00Z');
    const a = await waitForAlert(c, `matter_id=${m}&type=stablecoin_exposure`);
    assert.equal(a.evidence.transaction_hash, t.transaction_hash);
    assert.equal(a.evidence.usd_value.amount_decimal, '5000');
    assert.equal(a.evidence.valuation_basis, 'peg');
    assert.equal(a.evidence.price_usd, 1);
    assert.equal(a.evidence.price_date, null);
    assert.equal(a.evidence.price_source, 'peg (data/stablecoins/issuers.json)');
    assert.equal(a.evidence.valuation_time, '2024-03-01T00:00:00.000Z');
    assert.equal(a.evidence.review_required, false);
  });
});
