import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/root';

/**
 * Shapes of the JSON columns the judgment services answer with (gates, plan steps, interest
 * basis). The services type them as JSON; these mirror the REST response schemas in
 * src/server/operations/judgments.ts and ledger.ts so the screens can read them.
 */
export type GateStatus = 'pass' | 'fail' | 'review';
export interface GateView {
  gate: string;
  status: GateStatus;
  reasons: string[];
  required_actions: string[];
}

export interface PlanActionView {
  type: string;
  title: string;
  priority: 'urgent' | 'high' | 'normal' | 'low';
  rationale: string;
  legal_basis: string;
  packet_type: string | null;
  pressure_level: number;
  target: { kind: string; value: string };
}
export interface BlockedActionView {
  type: string;
  title: string;
  packet_type: string | null;
  target: { kind: string; value: string };
  blocked_by: string;
  reason: string;
}
export interface PlanWalletView {
  address: string;
  network: string;
  valid: boolean;
  category: string;
  exchange: string | null;
  sanctions: { sdn_name: string; programs: string[] }[];
  note: string | null;
}

/** One line of a ledger's interest_basis: how a judgment's interest was figured, or why it was left out. */
export interface InterestBasisView {
  judgment_id: string;
  jurisdiction: string;
  included: boolean;
  method?: string;
  rate_pct?: string | number | null;
  rate_known?: boolean;
  compounding?: string;
  day_count?: string;
  accrues_from?: string;
  source?: string;
  dataset?: string;
  review_required?: boolean;
  reasons?: string[];
}

/** A jurisdiction the rules data knows, for the intake form's select. */
export interface JurisdictionOption {
  code: string;
  name: string;
  verified: boolean;
}

export const PROFILE_NAMES = ['measured', 'assertive', 'maximum_lawful'] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];
export const PROFILE_LEVEL: Record<ProfileName, number> = { measured: 1, assertive: 2, maximum_lawful: 3 };

type Outputs = inferRouterOutputs<AppRouter>;
/** GET /v1/judgments/{id} as the console receives it (exact decimals as strings). */
export type JudgmentDetail = Outputs['judgments']['get'];
export type EnforcementPlanView = Outputs['judgments']['createPlan'];

/** A JSON column that holds a list of strings (missing items, review reasons), as a string[]. */
export const asStrings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
