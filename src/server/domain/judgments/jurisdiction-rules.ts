import data from '../../../../data/jurisdictions/enforcement-rules.json' with { type: 'json' };

/**
 * Jurisdiction rules as data (data/jurisdictions/enforcement-rules.json, derived from the
 * research notes in judgment-rules.json). This module only types and resolves them: a federal
 * court takes its stay and interest from US-FED and its life from the forum state (FRCP 69);
 * an unknown code resolves to "nothing known" so callers flag review instead of guessing.
 */
export interface LifeRule {
  years: number;
  verified: boolean;
  citation: string;
  summary: string;
}
export interface RenewalRule {
  model: string;
  target: 'judgment' | 'lien';
  period_years: number;
  window_days_before_end: number | null;
  window_opens_years_after_entry: number | null;
  extends_years: number;
  extends_from: 'filing' | 'period_end';
  max_renewals: number | null;
  min_years_between: number | null;
  consumer: { max_renewals: number; extends_years: number; conditions: string; verified: boolean } | null;
  verified: boolean;
  citation: string;
  summary: string;
}
export interface DormancyRule {
  after_years: number;
  revival_within_years_after_dormancy: number | null;
  revival_within_years_after_entry: number | null;
  consumer_revival_within_years_after_entry: number | null;
  consumer_entered_on_or_after: string | null;
  verified: boolean;
  citation: string;
  summary: string;
}
export interface StayRule {
  days: number | null;
  from: 'entry' | 'notice_of_entry';
  exempt_types: string[];
  appeal_stays_automatically: boolean;
  verified: boolean;
  citation: string;
  summary: string;
}
export interface ConsumerRate {
  rate_pct: string;
  entered_on_or_after: string | null;
  principal_below: string | null;
  principal_at_most: string | null;
  review_at_or_above: string | null;
  conditions: string;
  verified: boolean;
}
export interface InterestRule {
  method: 'fixed' | 'index';
  rate_pct: string | null;
  compounding: 'simple' | 'annual';
  compounding_verified: boolean;
  accrues_from: 'entry';
  index: {
    name: string;
    spread_pct: string;
    fixed_at: string;
    resets: { months: number[]; day: number } | null;
    floor_pct: string | null;
    cap_pct: string | null;
  } | null;
  consumer: ConsumerRate | null;
  verified: boolean;
  citation: string;
  summary: string;
}
export type AllocationPart = 'interest' | 'principal' | 'costs';
/** Citations for the enforcement steps a plan proposes; null where the research has none. */
export interface EnforcementTools {
  discovery: string | null;
  restraint: string | null;
  turnover: string | null;
}
export interface JurisdictionRow {
  code: string;
  name: string;
  source_row: string;
  verified: boolean;
  forum_state?: boolean;
  life: LifeRule | null;
  renewal: RenewalRule | null;
  dormancy: DormancyRule | null;
  stay: StayRule;
  interest: InterestRule;
  allocation: AllocationPart[];
  enforcement_tools: EnforcementTools;
  citations: string[];
  open_items: string[];
}

export const RULES_DATASET = {
  name: 'data/jurisdictions/enforcement-rules.json',
  as_of: data.as_of,
  derived_from: 'judgment-rules.json',
} as const;

const ROWS = new Map<string, JurisdictionRow>(
  (data.jurisdictions as unknown as JurisdictionRow[]).map((r) => [r.code, r]),
);

export const KNOWN_JURISDICTIONS = [...ROWS.keys()];

/** ISO 3166-2 style (`US-CA`), or a federal court `US-FED-<state>`. */
export const JURISDICTION_RE = /^[A-Z]{2}(-[A-Z0-9]{1,3}){1,2}$/;

export interface ResolvedRules {
  code: string;
  name: string;
  known: boolean;
  federal: boolean;
  forum_state: string | null;
  /** False when any row the answer rests on is verified:false. */
  verified: boolean;
  life: LifeRule | null;
  renewal: RenewalRule | null;
  dormancy: DormancyRule | null;
  stay: StayRule | null;
  interest: InterestRule | null;
  allocation: AllocationPart[];
  enforcement_tools: EnforcementTools;
  /** Which row each part came from (for explanations). */
  sources: { life: string | null; stay: string | null; interest: string | null };
  citations: string[];
  open_items: string[];
  /** Reasons that apply to everything about this jurisdiction (unknown code, unverified row). */
  review_reasons: string[];
}

const DEFAULT_ALLOCATION: AllocationPart[] = ['interest', 'principal', 'costs'];

export function resolveRules(input: string): ResolvedRules {
  const code = input.trim().toUpperCase();
  const fed = /^US-FED(?:-([A-Z0-9]{1,3}))?$/.exec(code);
  if (fed) {
    const base = ROWS.get('US-FED')!;
    const stateCode = fed[1] ? `US-${fed[1]}` : null;
    const state = stateCode ? (ROWS.get(stateCode) ?? null) : null;
    const reasons: string[] = [];
    if (!stateCode)
      reasons.push(
        `${code} names no forum state; judgment life follows the forum state's law (FRCP 69(a)(1)), so use US-FED-<state>.`,
      );
    else if (!state)
      reasons.push(
        `Forum state ${stateCode} is not in ${RULES_DATASET.name}; its judgment life, renewal and dormancy rules are unknown.`,
      );
    if (!base.verified) reasons.push(`US-FED rules are marked verified:false in ${RULES_DATASET.name}.`);
    if (state && !state.verified)
      reasons.push(`${state.code} rules are marked verified:false in ${RULES_DATASET.name}.`);
    return {
      code,
      name: state ? `U.S. District Court (${state.name})` : 'U.S. District Court',
      known: true,
      federal: true,
      forum_state: stateCode,
      verified: base.verified && (state?.verified ?? true),
      life: state?.life ?? null,
      renewal: state?.renewal ?? null,
      dormancy: state?.dormancy ?? null,
      stay: base.stay,
      interest: base.interest,
      allocation: base.allocation ?? DEFAULT_ALLOCATION,
      enforcement_tools: {
        discovery: base.enforcement_tools.discovery,
        restraint: state?.enforcement_tools.restraint ?? base.enforcement_tools.restraint,
        turnover: state?.enforcement_tools.turnover ?? base.enforcement_tools.turnover,
      },
      sources: { life: state?.code ?? null, stay: base.code, interest: base.code },
      citations: [...base.citations, ...(state?.citations ?? [])],
      open_items: [...base.open_items, ...(state?.open_items ?? [])],
      review_reasons: reasons,
    };
  }
  const row = ROWS.get(code);
  if (!row) {
    return {
      code,
      name: code,
      known: false,
      federal: false,
      forum_state: null,
      verified: false,
      life: null,
      renewal: null,
      dormancy: null,
      stay: null,
      interest: null,
      allocation: DEFAULT_ALLOCATION,
      enforcement_tools: { discovery: null, restraint: null, turnover: null },
      sources: { life: null, stay: null, interest: null },
      citations: [],
      open_items: [],
      review_reasons: [
        `Jurisdiction ${code} is not in ${RULES_DATASET.name}; its deadlines and interest need counsel review.`,
      ],
    };
  }
  return {
    code,
    name: row.name,
    known: true,
    federal: false,
    forum_state: null,
    verified: row.verified,
    life: row.life,
    renewal: row.renewal,
    dormancy: row.dormancy,
    stay: row.stay,
    interest: row.interest,
    allocation: row.allocation ?? DEFAULT_ALLOCATION,
    enforcement_tools: row.enforcement_tools,
    sources: { life: row.code, stay: row.code, interest: row.code },
    citations: row.citations,
    open_items: row.open_items,
    review_reasons: row.verified ? [] : [`${row.code} rules are marked verified:false in ${RULES_DATASET.name}.`],
  };
}
