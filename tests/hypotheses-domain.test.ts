/**
 * Issue 31 part 3: exchange hypotheses need value moving the right way. Each of the domain
 * review's wrong results is a case here (dust from a hot wallet; a small payment to a friend
 * who later deposits a large sum of another asset), beside the patterns that should hold
 * (amount, asset and window matched; several payments swept at once; a fee taken off a native
 * sweep) and the counter-evidence that lowers them. Expected values are worked by hand from
 * the documented rule (min(label, untrusted_transaction 40) × share swept).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  dustFloorOf,
  exchangeHypotheses,
  type ChainTransfer,
  type ExchangeLabel,
} from '../src/server/domain/crypto/hypotheses';

const T = (hash: string, from: string, to: string, asset: string, amount: string, iso: string): ChainTransfer => ({
  transaction_hash: hash,
  network: 'ethereum',
  from,
  to,
  asset,
  amount,
  timestamp: new Date(iso),
  block_number: 1,
});
const label = (exchange: string, tier: string, level: number): ExchangeLabel => ({
  exchange,
  level,
  tier,
  label: {
    chain: 'ethereum',
    entity: exchange,
    category: 'exchange',
    name_tags: `${exchange} hot wallet`,
    sources: '',
    confidence: tier,
  },
});
const LABELS = new Map<string, ExchangeLabel>([
  ['0xbinance', label('binance', 'service_data', 50)],
  ['0xkraken', label('kraken', 'web_crawl', 20)],
]);
const run = (own: ChainTransfer[], fwd: Record<string, ChainTransfer[]> = {}) =>
  exchangeHypotheses({
    wallet: '0xw',
    network: 'ethereum',
    own,
    forwards: (a) => fwd[a] ?? [],
    exchangeOf: (a) => LABELS.get(a) ?? null,
  });

test('review: a 0.000001 USDT dust transfer from a Binance hot wallet makes no hypothesis', () => {
  const hs = run([T('dust', '0xbinance', '0xw', 'USDT', '0.000001', '2025-05-01T00:00:00Z')]);
  assert.deepEqual(hs, []);
  assert.equal(dustFloorOf('USDT'), 10);
  assert.equal(dustFloorOf('usdc'), 10);
  assert.equal(dustFloorOf('ETH'), 0.003);
  assert.equal(dustFloorOf('SHIB'), null);
});

test('review: 5 TRX to a friend who later deposits 90,000 USDT is no deposit pattern', () => {
  const hs = run([T('p', '0xw', '0xfriend', 'TRX', '5', '2025-05-01T00:00:00Z')], {
    '0xfriend': [T('f', '0xfriend', '0xbinance', 'USDT', '90000', '2025-05-01T06:00:00Z')],
  });
  assert.deepEqual(hs, []);
  // Even with the asset right, 500 USDT paid cannot be a 90,000 USDT deposit.
  const same = run([T('p', '0xw', '0xfriend', 'USDT', '500', '2025-05-01T00:00:00Z')], {
    '0xfriend': [T('f', '0xfriend', '0xbinance', 'USDT', '90000', '2025-05-01T06:00:00Z')],
  });
  assert.deepEqual(same, []);
});

test('a deposit pattern: same asset and amount forwarded within 72 h, swept whole to the hot wallet', () => {
  const [h] = run([T('p', '0xw', '0xdep', 'USDT', '1200.50', '2025-03-02T09:00:00Z')], {
    '0xdep': [T('f', '0xdep', '0xbinance', 'USDT', '1200.50', '2025-03-05T08:00:00Z')], // 71 h later
  });
  assert.equal(h.basis, 'deposit_pattern');
  assert.equal(h.exchange, 'binance');
  assert.equal(h.confidence, 40); // min(service_data 50, untrusted_transaction 40) × 1
  assert.deepEqual(
    h.evidence.map((e) => e.transaction_hash),
    ['p', 'f'],
  );
  assert.deepEqual(h.counter_evidence, []);
  assert.match(h.facts[0], /the wallet paid 1200\.50 USDT to 0xdep/);
  assert.match(
    h.facts[1],
    /0xdep forwarded 1200\.50 USDT to 0xbinance, labelled binance hot wallet \(service_data 50\), 71 h after/,
  );
  assert.match(h.facts[2], /same asset, amount within 2%/);
  assert.match(h.facts[3], /^sweep: all of 0xdep's USDT outflow/);
  // 73 h is outside the window; a forward before the payment is not the payment's.
  assert.deepEqual(
    run([T('p', '0xw', '0xdep', 'USDT', '1200.50', '2025-03-02T09:00:00Z')], {
      '0xdep': [T('f', '0xdep', '0xbinance', 'USDT', '1200.50', '2025-03-05T10:00:00Z')],
    }),
    [],
  );
  assert.deepEqual(
    run([T('p', '0xw', '0xdep', 'USDT', '1200.50', '2025-03-02T09:00:00Z')], {
      '0xdep': [T('f', '0xdep', '0xbinance', 'USDT', '1200.50', '2025-03-02T08:00:00Z')],
    }),
    [],
  );
});

test('amounts within 2%: a native sweep net of its fee matches, a 10% difference does not; several payments swept at once match', () => {
  const fee = run([T('p', '0xw', '0xdep', 'ETH', '1.0', '2025-03-01T00:00:00Z')], {
    '0xdep': [T('f', '0xdep', '0xkraken', 'ETH', '0.9991', '2025-03-01T02:00:00Z')],
  });
  assert.equal(fee[0]?.confidence, 20); // min(web_crawl 20, 40)
  const off = run([T('p', '0xw', '0xdep', 'ETH', '1.0', '2025-03-01T00:00:00Z')], {
    '0xdep': [T('f', '0xdep', '0xkraken', 'ETH', '0.9', '2025-03-01T02:00:00Z')],
  });
  assert.deepEqual(off, []);
  const [sum] = run(
    [
      T('p1', '0xw', '0xdep', 'USDC', '500', '2025-03-01T00:00:00Z'),
      T('p2', '0xw', '0xdep', 'USDC', '700', '2025-03-02T00:00:00Z'),
    ],
    { '0xdep': [T('f', '0xdep', '0xbinance', 'USDC', '1200', '2025-03-02T05:00:00Z')] },
  );
  assert.equal(sum.basis, 'deposit_pattern');
  assert.deepEqual(sum.evidence.map((e) => e.transaction_hash).sort(), ['f', 'p1', 'p2']);
});

test('counter-evidence lowers it: the "deposit address" also pays unlabelled addresses', () => {
  const [h] = run([T('p', '0xw', '0xmid', 'USDT', '1000', '2025-03-01T00:00:00Z')], {
    '0xmid': [
      T('f1', '0xmid', '0xbinance', 'USDT', '1000', '2025-03-01T05:00:00Z'),
      T('f2', '0xmid', '0xother', 'USDT', '3000', '2025-03-01T06:00:00Z'),
    ],
  });
  assert.equal(h.confidence, 10); // 40 × 1000/4000
  assert.match(h.confidence_basis, /× 0\.25 \(share of its outflow swept to exchanges\)/);
  assert.match(h.counter_evidence[0], /0xmid also sent 3000 USDT to 1 unlabelled address/);
});

test('direction: a deposit to a hot wallet counts at the label; a withdrawal from it at most untrusted_transaction 40', () => {
  const dep = run([T('d', '0xw', '0xbinance', 'USDT', '400', '2025-03-01T00:00:00Z')]);
  assert.equal(dep[0].basis, 'counterparty');
  assert.equal(dep[0].confidence, 50);
  assert.match(dep[0].facts[0], /the wallet sent 400 USDT to 0xbinance/);
  const wd = run([T('w', '0xbinance', '0xw', 'USDT', '400', '2025-03-01T00:00:00Z')]);
  assert.equal(wd[0].confidence, 40);
  assert.match(wd[0].confidence_basis, /withdrawal/);
});
