import type { Ctx, Tx } from '../../context';
import { newId } from '../../ids';
import { isoDate } from '../../domain/judgments/dates';
import { buildEnforcementPlan, PROFILES, type Profile } from '../../domain/judgments/enforcement-plan';
import { resolveRules } from '../../domain/judgments/jurisdiction-rules';
import { classifyWallet, exchangeSlug } from '../../domain/judgments/wallet-index';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { upcomingDeadlines } from './deadlines';
import { findJudgment } from './load';
import { today } from './rules-context';
import { eventData, planOut } from './serialize';
import { gatesFor } from './validate';
import { walletIndex } from './wallet-data';
import { implicitWallets } from '../crypto/wallet-inputs';

export interface PlanRequest {
  profile?: Profile;
  constraints?: {
    consumer_debt?: boolean;
    bankruptcy_known?: boolean;
    appeal_stay_known?: boolean;
    sanctions_review_required?: boolean;
    blocked_ownership_pct?: number;
    bankruptcy_meeting_date?: string;
  };
  known_wallets?: string[];
  known_exchanges?: string[];
}

/**
 * Builds and records an enforcement plan (gated, plan_ id): the pure rule engine over the
 * judgment, its jurisdiction, the matter's claimants and current gates, the profile (the
 * request's, else the judgment's, else measured), the constraints and the known wallets
 * (validated and matched against the shipped OFAC and exchange-label data) and exchanges.
 */
export async function createEnforcementPlan(ctx: Ctx, tx: Tx, id: string, input: PlanRequest) {
  const j = await findJudgment(ctx, tx, id);
  await loadWritableMatter(ctx, tx, j.matter_id);
  const profile: Profile = input.profile ?? (j.enforcement_profile as Profile | null) ?? 'measured';
  const c = input.constraints ?? {};
  const constraints = {
    consumer_debt: c.consumer_debt ?? j.consumer_debt,
    bankruptcy_known: c.bankruptcy_known ?? false,
    appeal_stay_known: c.appeal_stay_known ?? false,
    sanctions_review_required: c.sanctions_review_required ?? false,
    blocked_ownership_pct: c.blocked_ownership_pct ?? null,
    // Recorded only when given (Fed. R. Bankr. P. 4007(c) runs from it).
    ...(c.bankruptcy_meeting_date ? { bankruptcy_meeting_date: c.bankruptcy_meeting_date } : {}),
  };
  const index = walletIndex();
  // Without known_wallets the plan works on the matter's imported wallets (no retyping).
  const knownWallets =
    input.known_wallets ?? (await implicitWallets(ctx, tx, j.matter_id, 'known_wallets')).map((w) => w.address);
  const wallets = [...new Set(knownWallets.map((w) => w.trim()).filter(Boolean))].map((w) => classifyWallet(index, w));
  const exchanges = [
    ...new Map(
      (input.known_exchanges ?? [])
        .map((e) => e.trim())
        .filter(Boolean)
        .map((e) => [exchangeSlug(e), e]),
    ).values(),
  ].map((name) => ({ name, known: index.exchanges.has(exchangeSlug(name)) }));
  const [gates, deadlines, claimants] = await Promise.all([
    gatesFor(ctx, tx, j, {
      consumer_debt: constraints.consumer_debt,
      bankruptcy_known: constraints.bankruptcy_known,
      appeal_stay_known: constraints.appeal_stay_known,
      checks: null,
      known_wallets: knownWallets,
    }),
    upcomingDeadlines(tx, j.id),
    tx.claimant.findMany({ where: { matter_id: j.matter_id, org_id: ctx.org.id, env: ctx.env } }),
  ]);
  const plan = buildEnforcementPlan({
    today: today(),
    judgment: {
      judgment_id: j.id,
      date_entered: isoDate(j.date_entered),
      type: j.type,
      status: j.status,
      debtor: j.debtor,
      appeal_stay_status: j.appeal_stay_status,
      bankruptcy_status: j.bankruptcy_status,
      claim_nature: j.claim_nature,
      debtor_type: j.debtor_type,
      assignment_status: j.assignment_status,
    },
    rules: resolveRules(j.jurisdiction),
    claimants: claimants.map((x) => ({ name: x.name, role: x.role })),
    profile,
    constraints,
    wallets,
    exchanges,
    gates: gates.gates,
    deadlines: deadlines.map((d) => ({ kind: d.kind, date: d.date, title: d.title, legal_basis: d.legal_basis })),
  });
  const { profile: _p, pressure_level: _l, review_required, ...body } = plan;
  const row = await tx.enforcementPlan.create({
    data: {
      id: newId('plan'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: j.matter_id,
      judgment_id: j.id,
      profile,
      pressure_level: PROFILES[profile],
      review_required,
      plan: JSON.parse(JSON.stringify({ ...body, deadlines, gates: gates.gates })),
      inputs: JSON.parse(
        JSON.stringify({
          constraints,
          known_wallets: knownWallets,
          wallets_from: input.known_wallets ? 'request' : 'matter',
          known_exchanges: input.known_exchanges ?? [],
        }),
      ),
    },
  });
  const out = planOut(row);
  await recordChange(ctx, tx, {
    event_type: 'enforcement_plan.created',
    object_type: 'enforcement_plan',
    object_id: row.id,
    matter_id: j.matter_id,
    details: {
      judgment_id: j.id,
      profile,
      priority_actions: plan.priority_actions.length,
      blocked_actions: plan.blocked_actions.length,
      review_required,
    },
    data: eventData(out),
  });
  return out;
}
