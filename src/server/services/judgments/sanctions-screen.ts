import type { Judgment } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import type { SanctionsScreen } from '../../domain/judgments/sanctions-gate';
import { classifyWallet } from '../../domain/judgments/wallet-index';
import { screenName } from '../../domain/sanctions/sdn-list';
import { sdnIndex } from '../sanctions/sdn-data';
import { walletIndex } from './wallet-data';

/**
 * Screens a judgment for the `sanctions` gate at the time of asking: its debtor against the
 * shipped OFAC SDN names list, and every wallet known on the matter (the known_wallets of its
 * enforcement plans, plus `extraWallets` a plan being built brings) against the OFAC
 * digital-currency addresses. The latest `sanctions.screened` event of the matter (API-CONTRACT
 * §10; its object is the screen result `{status, ordinary_collection_paused}` of §9) is read as
 * well, so a recorded unresolved match keeps failing the gate; its absence changes nothing.
 */
export async function matterSanctionsScreen(ctx: Ctx, db: Db, j: Judgment, extraWallets: string[] = []): Promise<SanctionsScreen> {
  const scope = { org_id: ctx.org.id, env: ctx.env, matter_id: j.matter_id };
  const [e, plans] = await Promise.all([
    db.event.findFirst({ where: { ...scope, type: 'sanctions.screened' }, orderBy: { id: 'desc' } }),
    db.enforcementPlan.findMany({ where: scope, select: { inputs: true } }),
  ]);

  const known = [...plans.flatMap((p) => (p.inputs as { known_wallets?: unknown }).known_wallets ?? []), ...extraWallets]
    .filter((w): w is string => typeof w === 'string')
    .map((w) => w.trim())
    .filter(Boolean);
  const wallets = new Map<string, SanctionsScreen['wallets'][number]>();
  const addresses = walletIndex();
  for (const raw of new Set(known)) {
    const w = classifyWallet(addresses, raw);
    const prev = wallets.get(w.address);
    if (!prev || (!prev.hits.length && w.ofac.length)) wallets.set(w.address, { address: w.address, hits: w.ofac });
  }

  const names = sdnIndex();
  let recorded: SanctionsScreen['recorded'] = null;
  if (e) {
    const o = ((e.data as { object?: Record<string, unknown> }).object ?? {}) as { status?: unknown; ordinary_collection_paused?: unknown; review_id?: unknown };
    recorded = {
      unresolved_match: o.ordinary_collection_paused === true || (o.status !== undefined && o.status !== 'clear'),
      screened_at: e.created_at.toISOString(),
      source: `sanctions screen ${typeof o.review_id === 'string' ? o.review_id : e.id}`,
    };
  }
  return {
    debtor: { name: j.debtor, matches: screenName(names, j.debtor) },
    wallets: [...wallets.values()],
    recorded,
    names_dataset: names.dataset,
  };
}
