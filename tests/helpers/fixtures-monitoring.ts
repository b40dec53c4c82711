/**
 * Fixture rows of the Monitoring folder (spread into the table in fixtures.ts). Alerts come
 * from the scanner: a watched address pays a labelled exchange on the sandbox chain, and the
 * server's in-process scanner raises the alerts within seconds.
 */
import assert from 'node:assert/strict';
import type { Client } from './client';
import type { Fixture, Kit } from './fixtures';
import { BINANCE_9, evmAddress, transfer } from './fixtures-chain';

async function must(p: Promise<{ status: number; body: any }>, what: string, status = 201) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

export const watchlistBody = (
  matterId: string,
  addresses: string[] = [evmAddress()],
  over: Record<string, unknown> = {},
) => ({
  matter_id: matterId,
  name: 'Debtor wallets',
  chains: ['ethereum'],
  thresholds: { min_amount: '1000', exchange_hops: 2, deadline_days: 30 },
  addresses,
  reason: 'Debtor-controlled per the asset map',
  source_refs: [{ source_type: 'blockchain_record', title: 'Asset map export' }],
  ...over,
});

/** A watchlist on `matterId` (or a new matter) watching `address`. */
export async function fixtureWatchlist(k: Kit, matterId?: string, address = evmAddress()) {
  const m = matterId ?? (await k.matter());
  const w = await must(k.c.post('/v1/watchlists', watchlistBody(m, [address])), 'watchlist');
  return { watchlist_id: w.watchlist_id as string, matter_id: m, address };
}

/** Polls the alert list until `match` finds one (the scanner raises alerts within 5 s). */
export async function waitForAlert(c: Client, query: string, match: (a: any) => boolean = () => true, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const r = await c.get(`/v1/alerts?${query}&limit=100`);
    const hit = r.status === 200 ? r.body.data.find(match) : undefined;
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`no alert for ${query} within ${ms} ms: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Every alert of a matter, through the pages. */
export async function allAlerts(c: Client, matterId: string): Promise<any[]> {
  const out: any[] = [];
  for (let after = ''; ;) {
    const r = await c.get(`/v1/alerts?matter_id=${matterId}&limit=100${after ? `&starting_after=${after}` : ''}`);
    if (r.status !== 200) throw new Error(`alerts of ${matterId} answered ${r.status}: ${JSON.stringify(r.body)}`);
    out.push(...r.body.data);
    if (!r.body.has_more) return out;
    after = r.body.data.at(-1).alert_id;
  }
}

/**
 * Polls a matter's alerts until there are at least `n` (or `ms` pass), then waits 1.5 s more
 * and lists them again: a duplicate raised late would show up in that count.
 */
export async function waitForAlertCount(c: Client, matterId: string, n: number, ms = 60_000): Promise<any[]> {
  const until = Date.now() + ms;
  while (Date.now() < until && (await allAlerts(c, matterId)).length < n) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 1500));
  return allAlerts(c, matterId);
}

/** The two alerts of each transfer (wallet_movement, exchange_proximity) are there, and no alert twice. */
export function assertOncePerTransfer(alerts: any[], hashes: string[]) {
  const keys = alerts.map((a) => `${a.type}:${a.evidence.transaction_hash}`);
  assert.equal(new Set(keys).size, keys.length, 'no duplicate alert');
  for (const h of hashes) {
    assert.ok(keys.includes(`wallet_movement:${h}`), `wallet_movement for ${h}`);
    assert.ok(keys.includes(`exchange_proximity:${h}`), `exchange_proximity for ${h}`);
  }
}

/** An alert: a watched address sends 2,500 USDT to Binance (wallet_movement + exchange_proximity). */
export async function fixtureAlert(k: Kit, type = 'exchange_proximity') {
  const m = await k.matter();
  const w = await fixtureWatchlist(k, m);
  await transfer(k, w.address, BINANCE_9, 'USDT', '2500');
  const a = await waitForAlert(k.c, `matter_id=${m}&type=${type}`);
  return { alert_id: a.alert_id as string, matter_id: m, watchlist_id: w.watchlist_id };
}

export const monitoringFixtures: Record<string, Fixture> = {
  createWatchlist: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return { path: '/v1/watchlists', body: watchlistBody(m), matterId: m };
    },
  },
  listWatchlists: { level: 'none', build: async () => ({ path: '/v1/watchlists' }) },
  getWatchlist: {
    level: 'matter',
    build: async (k) => {
      const w = await fixtureWatchlist(k);
      return { path: `/v1/watchlists/${w.watchlist_id}`, matterId: w.matter_id };
    },
  },
  addWatchlistAddresses: {
    level: 'matter',
    build: async (k) => {
      const w = await fixtureWatchlist(k);
      return {
        path: `/v1/watchlists/${w.watchlist_id}/addresses`,
        body: {
          addresses: [evmAddress()],
          reason: "Received the debtor's funds",
          source_refs: [{ source_type: 'blockchain_record', title: 'Transfer trace' }],
        },
        matterId: w.matter_id,
      };
    },
  },
  listAlerts: { level: 'none', build: async () => ({ path: '/v1/alerts' }) },
  triageAlert: {
    level: 'matter',
    build: async (k) => {
      const a = await fixtureAlert(k);
      return {
        path: `/v1/alerts/${a.alert_id}/triage`,
        // No create_action: a derived action needs actions:write besides the declared scope.
        body: { status: 'actionable', notes: 'Freeze window open' },
        matterId: a.matter_id,
      };
    },
  },
  getAlert: {
    level: 'matter',
    build: async (k) => {
      const a = await fixtureAlert(k);
      return { path: `/v1/alerts/${a.alert_id}`, matterId: a.matter_id };
    },
  },
};
