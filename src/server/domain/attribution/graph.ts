import type { ChainTransfer } from '../crypto/hypotheses';

/**
 * Builds an attribution graph (API-CONTRACT §17) from wallets, their transfers (aggregated per
 * counterparty and asset) and claims. Pure: the caller supplies lookups.
 * Contradictions: two claims that `owns` or `controls` the same object by different subjects.
 */
export type NodeKind = 'wallet' | 'person' | 'entity' | 'exchange' | 'counterparty';

export interface GraphNode {
  id: string;
  kind: NodeKind;
  label: string;
  network?: string;
  wallet_id?: string | null;
  notes: string[];
  claim_ids: string[];
}
export interface GraphEdge {
  id: string;
  kind: 'transfer' | 'claim';
  source: string;
  target: string;
  label: string;
  claim_id?: string;
  predicate?: string;
  confidence?: number;
  confidence_label?: string;
  transfers?: number;
  totals?: Record<string, string>;
  first_at?: string;
  last_at?: string;
}

export interface ClaimLike {
  claim_id: string;
  subject: string;
  predicate: string;
  object: string;
  source_type: string;
  score: number;
  label: string;
}

const ENTITY_RE =
  /\b(inc|llc|ltd|limited|corp|corporation|gmbh|sa|ag|plc|co|company|bank|exchange|trust|foundation|holdings?)\b\.?/i;

export interface GraphInput {
  wallets: { key: string; address: string; network: string; wallet_id: string | null; role: string }[];
  transfers: ChainTransfer[];
  claims: ClaimLike[];
  /** Canonical node id and kind of an address, if it is one (else null). */
  addressOf(text: string): { key: string; address: string } | null;
  exchangeOf(key: string): string | null;
  notesOf(key: string): string[];
  isExchangeName(text: string): boolean;
  /** Most counterparties drawn per wallet (by number of transfers). */
  maxCounterparties: number;
}

export function buildGraph(g: GraphInput) {
  const nodes = new Map<string, GraphNode>();
  const edges = new Map<string, GraphEdge>();
  const node = (id: string, kind: NodeKind, label: string, extra: Partial<GraphNode> = {}) => {
    const n = nodes.get(id) ?? { id, kind, label, notes: [], claim_ids: [], ...extra };
    nodes.set(id, n);
    return n;
  };
  const mine = new Set(g.wallets.map((w) => w.key));
  for (const w of g.wallets)
    node(w.key, 'wallet', w.address, { network: w.network, wallet_id: w.wallet_id, notes: g.notesOf(w.key) });
  const truncated: string[] = [];
  // Each transfer filed under the wallets it touches, once: a wallet then reads only its own
  // transfers instead of every wallet scanning every transfer.
  const touching = new Map<string, ChainTransfer[]>();
  for (const t of g.transfers) {
    for (const side of t.from === t.to ? [t.from] : [t.from, t.to]) {
      const k = `${t.network}:${side}`;
      const list = touching.get(k);
      if (list) list.push(t);
      else touching.set(k, [t]);
    }
  }
  for (const w of g.wallets) {
    const agg = new Map<
      string,
      {
        n: number;
        raw: Map<string, string[]>;
        first: Date;
        last: Date;
        from: string;
        to: string;
      }
    >();
    for (const t of touching.get(`${w.network}:${w.key}`) ?? []) {
      const k = `${t.from}>${t.to}`;
      const a = agg.get(k) ?? {
        n: 0,
        raw: new Map(),
        first: t.timestamp,
        last: t.timestamp,
        from: t.from,
        to: t.to,
      };
      a.n++;
      const amounts = a.raw.get(t.asset);
      if (amounts) amounts.push(t.amount);
      else a.raw.set(t.asset, [t.amount]);
      if (t.timestamp < a.first) a.first = t.timestamp;
      if (t.timestamp > a.last) a.last = t.timestamp;
      agg.set(k, a);
    }
    const ranked = [...agg.entries()].sort((x, y) => y[1].n - x[1].n);
    if (ranked.length > g.maxCounterparties)
      truncated.push(`${w.address}: ${ranked.length - g.maxCounterparties} smaller counterparty flows not drawn`);
    for (const [k, a] of ranked.slice(0, g.maxCounterparties)) {
      for (const side of [a.from, a.to]) {
        if (mine.has(side) || nodes.has(side)) continue;
        const ex = g.exchangeOf(side);
        node(side, ex ? 'exchange' : 'counterparty', ex ? `${ex} (${side.slice(0, 10)}…)` : side, {
          network: w.network,
          notes: g.notesOf(side),
        });
      }
      const totals: Record<string, string> = {};
      for (const [asset, amounts] of a.raw) totals[asset] = sumDecimals(amounts);
      edges.set(`tx:${k}`, {
        id: `tx:${k}`,
        kind: 'transfer',
        source: a.from,
        target: a.to,
        label: `${a.n} transfer${a.n === 1 ? '' : 's'}: ${Object.entries(totals)
          .map(([s, v]) => `${v} ${s}`)
          .join(', ')}`,
        transfers: a.n,
        totals,
        first_at: a.first.toISOString(),
        last_at: a.last.toISOString(),
      });
    }
  }
  // A contested address is the object of every claim on it: parse and classify each text once.
  const seen = new Map<string, GraphNode>();
  const ref = (text: string) => {
    let n = seen.get(text);
    if (!n) seen.set(text, (n = classify(text)));
    return n;
  };
  const classify = (text: string) => {
    const addr = g.addressOf(text);
    if (addr)
      return (
        nodes.get(addr.key) ??
        node(addr.key, g.exchangeOf(addr.key) ? 'exchange' : 'counterparty', addr.address, {
          notes: g.notesOf(addr.key),
        })
      );
    const id = `name:${text.trim().toLowerCase()}`;
    const kind: NodeKind = g.isExchangeName(text) ? 'exchange' : ENTITY_RE.test(text) ? 'entity' : 'person';
    return node(id, kind, text.trim());
  };
  for (const c of g.claims) {
    const s = ref(c.subject);
    const o = ref(c.object);
    s.claim_ids.push(c.claim_id);
    o.claim_ids.push(c.claim_id);
    edges.set(`claim:${c.claim_id}`, {
      id: `claim:${c.claim_id}`,
      kind: 'claim',
      source: s.id,
      target: o.id,
      claim_id: c.claim_id,
      predicate: c.predicate,
      confidence: c.score,
      confidence_label: c.label,
      label: `${c.predicate} · ${c.label} (${c.score})`,
    });
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()], truncated };
}

/** Exact sum of decimal strings (fixed-point over BigInt, up to 18 fractional digits). */
export function sumDecimals(xs: string[]): string {
  const SCALE = 18;
  let total = 0n;
  for (const x of xs) {
    const neg = x.startsWith('-');
    const [i, f = ''] = x.replace('-', '').split('.');
    const v = BigInt(i + f.padEnd(SCALE, '0').slice(0, SCALE));
    total += neg ? -v : v;
  }
  const neg = total < 0n;
  const s = (neg ? -total : total).toString().padStart(SCALE + 1, '0');
  const frac = s.slice(-SCALE).replace(/0+$/, '');
  return `${neg ? '-' : ''}${s.slice(0, -SCALE)}${frac ? `.${frac}` : ''}`;
}
