/** Fixture rows of the Crypto, Attribution and Network Attribution folders (spread into fixtures.ts). */
import { randomBytes } from 'node:crypto';
import type { Fixture, Kit } from './fixtures';

/** A fresh EVM address (lowercase, so no checksum to get wrong). */
export const evmAddress = () => `0x${randomBytes(20).toString('hex')}`;
/** Labelled "Binance 9" on Ethereum in data/labels/evm_exchange_and_risk_labels.csv. */
export const BINANCE_9 = '0x001866ae5b3de6caa5a51543fd9fb64f524f5478';
/** OFAC SDN: Lazarus Group (DPRK3), in data/ofac-crypto. */
export const LAZARUS = '0x08723392Ed15743cc38513C4925f5e6be5c17243';
/** GraphSense: kucoin reserve wallet (Bitcoin). */
export const KUCOIN_BTC = '38fJPq4dYGPoJizEUGCL9yWkqg73cJmC2n';

async function must(p: Promise<{ status: number; body: any }>, what: string, status = 201) {
  const r = await p;
  if (r.status !== status) throw new Error(`fixture setup (${what}) answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Appends a transfer to the sandbox chain through the API (201), giving its body. */
export const sandboxTransfer = (k: Pick<Kit, 'c'>, body: Record<string, unknown>) =>
  must(k.c.post('/v1/sandbox/chain/transfers', body), `sandbox transfer of ${String(body.asset)}`);

export const transfer = (k: Kit, from: string, to: string, asset = 'USDT', amount = '1500', timestamp?: string) =>
  sandboxTransfer(k, {
    network: 'ethereum',
    from_address: from,
    to_address: to,
    asset,
    amount,
    ...(timestamp ? { timestamp } : {}),
  });

/** A matter with one imported debtor wallet that received USDT and paid an exchange. */
async function walletMatter(k: Kit) {
  const m = await k.matter();
  const w = evmAddress();
  await transfer(k, evmAddress(), w, 'USDT', '2500');
  await transfer(k, w, BINANCE_9, 'USDT', '400');
  const imp = await must(
    k.c.post('/v1/attribution/wallets/import', {
      matter_id: m,
      wallets: [{ address: w, network: 'ethereum', role: 'debtor_owned' }],
    }),
    'wallet import',
  );
  return { m, w, wallet_id: imp.wallets[0].wallet_id as string };
}

async function claim(k: Kit, m: string, w: string) {
  return must(
    k.c.post('/v1/attribution/claims', {
      matter_id: m,
      subject: 'John Debtor',
      predicate: 'owns',
      object: w,
      source_type: 'exchange_response',
    }),
    'claim',
  );
}

async function signal(k: Kit, m: string, w: string) {
  return must(
    k.c.post('/v1/network-attribution/signals', {
      matter_id: m,
      signal_type: 'exchange_login_ip',
      source: 'Exchange subpoena response',
      wallet_address: w,
      raw_value_redacted: '203.0.113.x',
    }),
    'network signal',
  );
}

export const chainFixtures: Record<string, Fixture> = {
  createAssetMap: {
    level: 'matter',
    build: async (k) => {
      const { m, w } = await walletMatter(k);
      return {
        path: '/v1/crypto/asset-map',
        body: { matter_id: m, wallets: [w], chains: ['ethereum'], include_stablecoins: true, include_exchanges: true },
        matterId: m,
      };
    },
  },
  createTransactionTimeline: {
    level: 'matter',
    build: async (k) => {
      const { m, w } = await walletMatter(k);
      return {
        path: '/v1/crypto/transaction-timeline',
        body: { matter_id: m, wallets: [w], from: '2020-01-01T00:00:00Z', to: '2099-01-01T00:00:00Z' },
        matterId: m,
      };
    },
  },
  computeExchangeHypotheses: {
    level: 'matter',
    build: async (k) => {
      const { m, w } = await walletMatter(k);
      return {
        path: '/v1/crypto/exchange-hypotheses',
        body: { matter_id: m, wallets: [w], min_confidence: 0 },
        matterId: m,
      };
    },
  },
  computeStablecoinExposure: {
    level: 'matter',
    build: async (k) => {
      const { m, w } = await walletMatter(k);
      return {
        path: '/v1/crypto/stablecoin-exposure',
        body: { matter_id: m, wallets: [w], assets: ['USDT'] },
        matterId: m,
      };
    },
  },
  getAssetMap: {
    level: 'matter',
    build: async (k) => {
      const { m, w } = await walletMatter(k);
      const map = await must(k.c.post('/v1/crypto/asset-map', { matter_id: m, wallets: [w] }), 'asset map', 200);
      return { path: `/v1/crypto/asset-map/${map.map_id}`, matterId: m };
    },
  },
  createSandboxTransfer: {
    // The synthetic chain belongs to the organization's sandbox, not to a matter. A production
    // key gets 404 route_not_found (tests/chain.test.ts checks it).
    level: 'none',
    build: async () => ({
      path: '/v1/sandbox/chain/transfers',
      body: {
        network: 'ethereum',
        from_address: evmAddress(),
        to_address: evmAddress(),
        asset: 'USDC',
        amount: '10.5',
        timestamp: '2025-01-02T03:04:05Z',
      },
    }),
  },
  importWallets: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return {
        path: '/v1/attribution/wallets/import',
        body: {
          matter_id: m,
          wallets: [
            { address: evmAddress(), network: 'ethereum', role: 'debtor_owned', confidence: 80 },
            { address: KUCOIN_BTC, role: 'exchange_deposit' },
          ],
        },
        matterId: m,
      };
    },
  },
  createAttributionGraph: {
    level: 'matter',
    build: async (k) => {
      const { m, w, wallet_id } = await walletMatter(k);
      await claim(k, m, w);
      return {
        path: '/v1/attribution/graph',
        body: { matter_id: m, wallet_ids: [wallet_id], include_contradictions: true },
        matterId: m,
      };
    },
  },
  createAttributionClaim: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return {
        path: '/v1/attribution/claims',
        body: {
          matter_id: m,
          subject: 'Jane Debtor',
          predicate: 'controls',
          object: evmAddress(),
          source_type: 'court_filing',
          confidence: 60,
          basis: ['Declaration of the debtor'],
        },
        matterId: m,
      };
    },
  },
  getAttributionGraph: {
    level: 'matter',
    build: async (k) => {
      const { m } = await walletMatter(k);
      const g = await must(k.c.post('/v1/attribution/graph', { matter_id: m }), 'graph', 200);
      return { path: `/v1/attribution/graphs/${g.graph_id}`, matterId: m };
    },
  },
  scoreAttributionClaim: {
    level: 'matter',
    build: async (k) => {
      const { m, w } = await walletMatter(k);
      const c = await claim(k, m, w);
      return {
        path: '/v1/attribution/confidence-score',
        body: {
          claim_id: c.claim_id,
          evidence_tier: 'service_api',
          corroboration: [],
          contradictions: [],
        },
        matterId: m,
      };
    },
  },
  createNetworkSignal: {
    level: 'matter',
    build: async (k) => {
      const m = await k.matter();
      return {
        path: '/v1/network-attribution/signals',
        body: {
          matter_id: m,
          signal_type: 'exchange_login_ip',
          source: 'Exchange subpoena response',
          wallet_address: evmAddress(),
          legal_process_id: 'subpoena-2025-17',
          raw_value_redacted: '198.51.100.x',
          timestamp: '2025-02-01T10:00:00Z',
          privacy_restrictions: ['counsel_only'],
        },
        matterId: m,
      };
    },
  },
  correlateNetworkSignals: {
    level: 'matter',
    build: async (k) => {
      const { m, w, wallet_id } = await walletMatter(k);
      const s = await signal(k, m, w);
      return {
        path: '/v1/network-attribution/correlate',
        body: { matter_id: m, wallet_ids: [wallet_id], signal_ids: [s.network_attribution_id] },
        matterId: m,
      };
    },
  },
  getNetworkAttribution: {
    level: 'matter',
    build: async (k) => {
      const { m, w } = await walletMatter(k);
      const s = await signal(k, m, w);
      return { path: `/v1/network-attribution/${s.network_attribution_id}`, matterId: m };
    },
  },
};
