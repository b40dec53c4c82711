/**
 * The Crypto page's pictures, computed by pure functions (components/crypto/graph-layout.ts and
 * timeline-series.ts). Issue 34 found the graph's labels overlapping and its layout changing
 * on every load, and the timeline spacing dates evenly whatever the gaps with ETH and dollar
 * stablecoins on one axis.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boxesOverlap,
  layoutGraph,
  MAX_ROWS,
  shortLabel,
  summariseEdges,
  LABEL_CHARS,
} from '../src/components/crypto/graph-layout';
import {
  assetPrices,
  STABLECOIN_UNIT,
  timelineView,
  timeTicks,
  unitOf,
} from '../src/components/crypto/timeline-series';
import type { Graph, TimelineEvent, TokenExposure } from '../src/components/crypto/types';

/** A deterministic pseudo-random sequence (mulberry32), so a failing graph can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KINDS = ['wallet', 'person', 'entity', 'exchange', 'counterparty'];
const hex = (r: () => number, n: number) =>
  Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');

function randomGraph(seed: number, n: number, m: number): Pick<Graph, 'nodes' | 'edges'> {
  const r = rng(seed);
  const nodes = Array.from({ length: n }, (_, i) => {
    const kind = KINDS[Math.floor(r() * KINDS.length)];
    return {
      id: `n${i}`,
      kind,
      label: kind === 'wallet' ? `0x${hex(r, 40)}` : `${kind} ${'Very Long Name '.repeat(Math.floor(r() * 4))}${i}`,
      notes: [],
      claim_ids: [],
    };
  });
  const edges = Array.from({ length: m }, (_, i) => ({
    id: `e${i}`,
    kind: r() < 0.5 ? 'claim' : 'transfer',
    source: nodes[Math.floor(r() * n)].id,
    target: nodes[Math.floor(r() * n)].id,
    label: `${Math.floor(r() * 100)}`,
  }));
  return { nodes, edges };
}

test('no two node labels overlap, on graphs of 1 to 120 nodes', () => {
  for (let seed = 1; seed <= 40; seed++) {
    const n = 1 + ((seed * 7) % 120);
    const l = layoutGraph(randomGraph(seed, n, n * 2));
    assert.equal(l.nodes.length, n);
    for (let i = 0; i < l.nodes.length; i++)
      for (let j = i + 1; j < l.nodes.length; j++)
        assert.ok(
          !boxesOverlap(l.nodes[i].box, l.nodes[j].box),
          `seed ${seed}: labels of ${l.nodes[i].id} and ${l.nodes[j].id} overlap`,
        );
    for (const x of l.nodes) assert.ok(x.label.length <= LABEL_CHARS, x.label);
  }
});

test('the same graph gets the same positions, whatever order it arrives in', () => {
  const g = randomGraph(7, 60, 150);
  const a = layoutGraph(g);
  const shuffled = { nodes: [...g.nodes].reverse(), edges: [...g.edges].reverse() };
  const b = layoutGraph(shuffled);
  const pos = (l: ReturnType<typeof layoutGraph>) => Object.fromEntries(l.nodes.map((x) => [x.id, [x.x, x.y]]));
  assert.deepEqual(pos(b), pos(a));
  assert.deepEqual(layoutGraph(g), a, 'a second layout of the same input is identical');
});

test('columns by kind: people and entities, then wallets, then counterparties and exchanges', () => {
  const l = layoutGraph({
    nodes: [
      { id: 'x', kind: 'exchange', label: 'Coinbase', notes: [], claim_ids: [] },
      { id: 'w', kind: 'wallet', label: '0x02466e547bfdab679fc49e96bbfc62b9747d997c', notes: [], claim_ids: [] },
      { id: 'p', kind: 'person', label: 'John Doe', notes: [], claim_ids: [] },
    ],
    edges: [
      { id: 'e1', kind: 'claim', source: 'p', target: 'w', label: '80' },
      { id: 'e2', kind: 'transfer', source: 'w', target: 'x', label: '1 ETH' },
    ],
  });
  const x = Object.fromEntries(l.nodes.map((n) => [n.id, n.x]));
  assert.ok(x.p < x.w && x.w < x.x);
  assert.deepEqual(l.kinds, ['person', 'wallet', 'exchange'], 'the legend lists the kinds present');
  assert.equal(l.nodes.find((n) => n.id === 'w')!.label, '0x02466e547…b9747d997c');
});

test('a column wraps after MAX_ROWS nodes rather than growing past the screen', () => {
  const nodes = Array.from({ length: MAX_ROWS * 2 + 1 }, (_, i) => ({
    id: `w${String(i).padStart(2, '0')}`,
    kind: 'wallet',
    label: `wallet ${i}`,
    notes: [],
    claim_ids: [],
  }));
  const l = layoutGraph({ nodes, edges: [] });
  assert.equal(new Set(l.nodes.map((n) => n.x)).size, 3);
  assert.equal(new Set(l.nodes.map((n) => n.y)).size, MAX_ROWS);
});

test('parallel edges are summarised into one with their count', () => {
  const e = summariseEdges([
    { id: 't1', kind: 'transfer', source: 'a', target: 'b', label: '1 ETH' },
    { id: 't2', kind: 'transfer', source: 'a', target: 'b', label: '2 ETH' },
    { id: 't3', kind: 'transfer', source: 'a', target: 'b', label: '3 ETH' },
    { id: 'c1', kind: 'claim', source: 'a', target: 'b', label: '80 (likely)' },
    { id: 't4', kind: 'transfer', source: 'b', target: 'a', label: '4 ETH' },
  ]);
  assert.deepEqual(
    e.map((x) => [x.source, x.target, x.kind, x.count, x.label]),
    [
      ['a', 'b', 'claim', 1, '80 (likely)'],
      ['a', 'b', 'transfer', 3, '3 transfer edges'],
      ['b', 'a', 'transfer', 1, '4 ETH'],
    ],
  );
});

test('short labels keep both ends of an address', () => {
  assert.equal(shortLabel('Coinbase'), 'Coinbase');
  assert.equal(shortLabel('x'.repeat(LABEL_CHARS)), 'x'.repeat(LABEL_CHARS));
  assert.equal(shortLabel('0123456789abcdefghijklmnopqrstuvwxyz').length, LABEL_CHARS);
});

const ev = (timestamp: string, asset: string, amount: number, direction: string, hash: string): TimelineEvent => ({
  transaction_hash: hash,
  timestamp,
  from_address: 'a',
  to_address: 'b',
  asset,
  amount,
  direction,
  notes: [],
});

const EVENTS = [
  ev('2026-01-01T00:00:00Z', 'ETH', 2, 'in', '0x1'),
  ev('2026-01-02T00:00:00Z', 'USDC', 5000, 'in', '0x2'),
  ev('2026-03-02T00:00:00Z', 'USDT', 1200, 'out', '0x3'),
  ev('2026-03-03T00:00:00Z', 'ETH', 0.5, 'out', '0x4'),
  ev('2026-03-04T00:00:00Z', 'SHIB', 1e6, 'in', '0x5'),
];

test('the timeline: real time on the x axis, one series per unit, stablecoins apart from ETH', () => {
  const v = timelineView(EVENTS);
  assert.deepEqual(
    v.series.map((s) => s.unit),
    ['ETH', 'SHIB', STABLECOIN_UNIT],
  );
  assert.deepEqual(v.domain, [Date.parse('2026-01-01T00:00:00Z'), Date.parse('2026-03-04T00:00:00Z')]);
  const usd = v.series.find((s) => s.unit === STABLECOIN_UNIT)!;
  assert.deepEqual(
    [...usd.incoming, ...usd.outgoing].map((p) => [p.asset, p.value]),
    [
      ['USDC', 5000],
      ['USDT', -1200],
    ],
  );
  // A gap of two months is two months on the axis, not one step.
  const eth = v.series.find((s) => s.unit === 'ETH')!;
  assert.equal(eth.outgoing[0].t - eth.incoming[0].t, Date.parse('2026-03-03') - Date.parse('2026-01-01'));
  assert.equal(unitOf('usdc'), STABLECOIN_UNIT);
  assert.equal(unitOf('WETH'), 'WETH');
});

test('the USD view values transfers at the asset map price and names the assets it cannot value', () => {
  const rows = [
    {
      asset: 'ETH',
      network: 'ethereum',
      amount: '2',
      usd_value: '6000',
      valuation_basis: 'close',
      wallet: 'a',
      contract: null,
    },
    {
      asset: 'ETH',
      network: 'base',
      amount: '1',
      usd_value: '3000',
      valuation_basis: 'close',
      wallet: 'b',
      contract: null,
    },
    {
      asset: 'SHIB',
      network: 'ethereum',
      amount: '5',
      usd_value: null,
      valuation_basis: null,
      wallet: 'a',
      contract: null,
    },
  ] as TokenExposure[];
  const prices = assetPrices(rows);
  assert.deepEqual([...prices], [['ETH', 3000]]);
  const v = timelineView(EVENTS, prices);
  assert.deepEqual(
    v.series.map((s) => s.unit),
    ['USD'],
  );
  const pts = [...v.series[0].incoming, ...v.series[0].outgoing].sort((a, b) => a.t - b.t);
  assert.deepEqual(
    pts.map((p) => p.value),
    [6000, 5000, -1200, -1500],
  );
  assert.deepEqual(v.unpriced, ['SHIB']);
});

test('time ticks are round steps across the domain', () => {
  const day = 86_400_000;
  const t = timeTicks([Date.parse('2026-01-01'), Date.parse('2026-01-05')]);
  assert.ok(t.length >= 2 && t.length <= 6, JSON.stringify(t));
  for (const x of t) assert.equal(x % day, 0);
  assert.ok(timeTicks([0, 3 * 365 * day]).length <= 6);
});
