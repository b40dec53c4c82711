/**
 * Alert latency: from a sandbox transfer touching a watched address (the POST's start) until
 * its alert is readable through GET /v1/alerts, over 200 transfers, one at a time, scanned by
 * the server's in-process scanner (woken by the commit's outbox signal). Reports p50 and p99.
 */
import { randomBytes } from 'node:crypto';
import type { BenchSuite, ExtraRow } from '../harness';

const TRANSFERS = Number(process.env.BENCH_ALERT_TRANSFERS ?? 200);
const BINANCE_9 = '0x001866ae5b3de6caa5a51543fd9fb64f524f5478';
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

export const monitoring: BenchSuite = {
  name: 'monitoring',
  async extra(ctx): Promise<ExtraRow[]> {
    const matter = await ctx.post('/v1/matters', { name: 'Bench monitoring', mode: 'enforcement' });
    const wallets = Array.from({ length: 20 }, () => `0x${randomBytes(20).toString('hex')}`);
    const w = await ctx.post('/v1/watchlists', {
      matter_id: matter.matter_id,
      name: 'Bench watchlist',
      chains: ['ethereum'],
      thresholds: { min_amount: '1' },
      addresses: wallets,
      reason: 'bench',
    });
    const ms: number[] = [];
    for (let i = 0; i < TRANSFERS; i++) {
      const t0 = performance.now();
      const t = await ctx.post('/v1/sandbox/chain/transfers', {
        network: 'ethereum',
        from_address: wallets[i % wallets.length],
        to_address: BINANCE_9,
        asset: 'USDT',
        amount: `${100 + i}`,
      });
      for (;;) {
        const r = await fetch(`${ctx.url}/v1/alerts?watchlist_id=${w.watchlist_id}&type=wallet_movement&limit=1`, {
          headers: ctx.auth,
        });
        const body = (await r.json()) as { data: { evidence: { transaction_hash: string } }[] };
        if (body.data[0]?.evidence.transaction_hash === t.transaction_hash) break;
        if (performance.now() - t0 > 30_000) throw new Error(`no alert for ${t.transaction_hash} within 30 s`);
        await new Promise((res) => setTimeout(res, 2));
      }
      ms.push(performance.now() - t0);
    }
    const note = `${TRANSFERS} sandbox transfers, one at a time, from the POST until GET /v1/alerts returns the alert`;
    return [
      { name: 'alert latency p50', value: Math.round(pct(ms, 50)), unit: 'ms', note },
      { name: 'alert latency p99', value: Math.round(pct(ms, 99)), unit: 'ms', note },
    ];
  },
};
