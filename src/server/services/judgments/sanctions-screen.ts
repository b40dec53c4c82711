import type { Judgment } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import type { SanctionsScreen } from '../../domain/judgments/sanctions-gate';
import { addressKey } from '../../domain/sanctions/addresses';
import { clearanceKey } from '../../domain/sanctions/screen';
import { matterPause } from '../sanctions/pause';
import { screenJudgmentOffThread } from '../sanctions/screen-thread';

/**
 * Screens a judgment for the `sanctions` gate at the time of asking, with the one sanctions
 * screening (domain/sanctions/screen.ts): its debtor against the SDN names, and every wallet
 * known on the matter (the known_wallets of its enforcement plans, plus `extraWallets` a plan
 * being built brings) against the OFAC digital-currency addresses. Matches a review decision
 * has cleared are dropped, and the matter's pause (§15) from its recorded screens is read, so an
 * uncleared match on record keeps failing the gate.
 */
export async function matterSanctionsScreen(
  ctx: Ctx,
  db: Db,
  j: Judgment,
  extraWallets: string[] = [],
): Promise<SanctionsScreen> {
  const scope = { org_id: ctx.org.id, env: ctx.env, matter_id: j.matter_id };
  const [pause, plans, screens] = await Promise.all([
    matterPause(ctx, db, j.matter_id),
    db.enforcementPlan.findMany({ where: scope, select: { inputs: true } }),
    db.sanctionsScreen.count({ where: scope }),
  ]);
  const known = [
    ...plans.flatMap((p) => (p.inputs as { known_wallets?: unknown }).known_wallets ?? []),
    ...extraWallets,
  ]
    .filter((w): w is string => typeof w === 'string')
    .map((w) => w.trim())
    .filter(Boolean);
  const wallets = [...new Map(known.map((w) => [addressKey(w).key, w])).values()];
  const screened = await screenJudgmentOffThread(j.debtor, wallets);
  const uncleared = <M extends Parameters<typeof clearanceKey>[0]>(ms: M[]) =>
    ms.filter((m) => !pause.cleared.has(clearanceKey(m)));
  return {
    debtor: { name: j.debtor, matches: uncleared(screened.debtor) },
    wallets: wallets.map((address, i) => ({ address, matches: uncleared(screened.wallets[i]) })),
    recorded: screens ? { paused: pause.paused, unresolved: pause.unresolved.length, screens } : null,
    datasets: screened.datasets,
  };
}
