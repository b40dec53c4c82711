import type { Ctx, Db } from '../../context';
import { loadMatter } from '../matters/access';
import { walletOut } from '../attribution/wallets';
import { latest } from '../paging';

/** Stored bodies keep exact decimals marked (json.ts); the console gets their decimal text. */
function decimalText(v: unknown): unknown {
  if (typeof v === 'string') return v.startsWith('\u0001N:') ? v.slice(3) : v;
  if (Array.isArray(v)) return v.map(decimalText);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, decimalText(x)]));
  return v;
}

/**
 * What the console's Crypto page opens with: the matter's imported wallets and its latest
 * stored asset map and attribution graph (null until one is built).
 */
export async function cryptoOverview(ctx: Ctx, db: Db, matterId: string) {
  const m = await loadMatter(ctx, db, matterId, 'matter_id');
  const scope = { matter_id: m.id, org_id: ctx.org.id, env: ctx.env };
  const tenant = { org_id: ctx.org.id, env: ctx.env };
  const [wallets, map, graph] = await Promise.all([
    db.attributionWallet.findMany({ where: scope, orderBy: { id: 'asc' }, take: 200 }),
    latest((a) => db.assetMap.findMany({ ...a, where: { ...a.where, ...tenant } }), { matter_id: m.id }),
    latest((a) => db.attributionGraph.findMany({ ...a, where: { ...a.where, ...tenant } }), { matter_id: m.id }),
  ]);
  return {
    matter_id: m.id,
    wallets: wallets.map(walletOut),
    asset_map: decimalText(map?.body ?? null) as Record<string, unknown> | null,
    graph: decimalText(graph?.body ?? null) as Record<string, unknown> | null,
  };
}
