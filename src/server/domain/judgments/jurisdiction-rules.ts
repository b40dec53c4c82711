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
  /** Per claim nature, the principal limit below which the consumer rate applies (CCP 685.010(a)(2)). */
  claims?: Record<string, { principal_below: string }>;
  /** Claim natures the consumer rate never applies to (e.g. tort, fraud, employee wages). */
  excluded_claims?: string[];
  citation?: string;
  verified: boolean;
}
/** A rate that replaces the general one for judgments on a claim of this nature (RCW 4.56.110(3)(b)). */
export interface ClaimRateRule {
  method: 'fixed' | 'index';
  rate_pct: string | null;
  index_name?: string;
  spread_pct?: string;
  citation: string;
  summary: string;
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
  claim_rules?: Record<string, ClaimRateRule>;
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
  garnishment: string | null;
  levy: string | null;
  third_party_examination: string | null;
}
export const TOOL_KEYS = [
  'discovery',
  'restraint',
  'turnover',
  'garnishment',
  'levy',
  'third_party_examination',
] as const satisfies readonly (keyof EnforcementTools)[];
/** Process a lawyer issues without a court order (e.g. a New York restraining notice). */
export interface AttorneyIssuedProcess {
  tool: 'restraining_notice' | 'information_subpoena' | 'citation_to_discover_assets' | 'garnishment_summons' | 'other';
  citation: string;
  summary: string;
}
/** How a judgment from elsewhere becomes enforceable here. */
export interface DomesticationRule {
  act: 'UEFJA' | 'other';
  citation: string;
  summary: string;
  verified: boolean;
}
export interface ExemptionsRule {
  citation: string;
  summary: string;
  verified: boolean;
}
/** The judgment lien on real property; `years` null where it has no fixed term of its own. */
export interface LienRule {
  years: number | null;
  citation: string;
  summary: string;
  verified: boolean;
}
/**
 * The forum's time-computation rule (FRCP 6(a) or the state's analogue) and whose legal
 * holidays it counts: 'state' rules use the state's table where one ships
 * (data/us-state-holidays), otherwise the federal table with review_required.
 */
export interface TimeRule {
  citation: string;
  holidays: 'federal' | 'state';
}
export interface JurisdictionRow {
  code: string;
  name: string;
  /** The research-notes row it restates; null for rows added without notes (see `sources`). */
  source_row: string | null;
  verified: boolean;
  forum_state?: boolean;
  life: LifeRule | null;
  renewal: RenewalRule | null;
  dormancy: DormancyRule | null;
  stay: StayRule;
  interest: InterestRule;
  allocation: AllocationPart[];
  allocation_citation?: string;
  enforcement_tools: EnforcementTools;
  attorney_issued_process: AttorneyIssuedProcess[];
  domestication: DomesticationRule;
  exemptions: ExemptionsRule;
  lien: LienRule;
  time_rule: TimeRule;
  citations: string[];
  /** Pages read for the rows added without research notes (judgment-rules.json has none). */
  sources?: string[];
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
  /** The rule the allocation order comes from. */
  allocation_citation: string;
  enforcement_tools: EnforcementTools;
  attorney_issued_process: AttorneyIssuedProcess[];
  domestication: DomesticationRule | null;
  exemptions: ExemptionsRule | null;
  lien: LienRule | null;
  time_rule: TimeRule | null;
  /** Which row each part came from (for explanations). */
  sources: { life: string | null; stay: string | null; interest: string | null };
  citations: string[];
  open_items: string[];
  /** Reasons that apply to everything about this jurisdiction (unknown code, unverified row). */
  review_reasons: string[];
}

const DEFAULT_ALLOCATION: AllocationPart[] = ['interest', 'principal', 'costs'];
/** The general US rule where the forum has none of its own: payments go to accrued interest first. */
export const DEFAULT_ALLOCATION_CITATION =
  'General US rule: a payment is applied first to accrued interest, then to principal (Story v. Livingston, 38 U.S. (13 Pet.) 359, 371 (1839))';
const NO_TOOLS: EnforcementTools = {
  discovery: null,
  restraint: null,
  turnover: null,
  garnishment: null,
  levy: null,
  third_party_examination: null,
};

/**
 * A federal court enforces through the forum state's procedure (FRCP 69(a)(1)), so each tool
 * is the state's where it has one; discovery stays FRCP 69(a)(2), which federal courts apply
 * alongside the state's.
 */
function federalTools(base: EnforcementTools, state: EnforcementTools | null): EnforcementTools {
  const out = { ...base };
  for (const k of TOOL_KEYS) if (k !== 'discovery') out[k] = state?.[k] ?? base[k];
  return out;
}

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
      allocation_citation: base.allocation_citation ?? DEFAULT_ALLOCATION_CITATION,
      enforcement_tools: federalTools(base.enforcement_tools, state?.enforcement_tools ?? null),
      // FRCP 69(a)(1): the forum state's attorney-issued process is available in federal court too.
      attorney_issued_process: [...base.attorney_issued_process, ...(state?.attorney_issued_process ?? [])],
      domestication: base.domestication,
      exemptions: state?.exemptions ?? base.exemptions,
      lien: state?.lien ?? base.lien,
      time_rule: base.time_rule,
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
      allocation_citation: DEFAULT_ALLOCATION_CITATION,
      enforcement_tools: NO_TOOLS,
      attorney_issued_process: [],
      domestication: null,
      exemptions: null,
      lien: null,
      time_rule: null,
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
    allocation_citation: row.allocation_citation ?? DEFAULT_ALLOCATION_CITATION,
    enforcement_tools: row.enforcement_tools,
    attorney_issued_process: row.attorney_issued_process,
    domestication: row.domestication,
    exemptions: row.exemptions,
    lien: row.lien,
    time_rule: row.time_rule,
    sources: { life: row.code, stay: row.code, interest: row.code },
    citations: row.citations,
    open_items: row.open_items,
    review_reasons: row.verified ? [] : [`${row.code} rules are marked verified:false in ${RULES_DATASET.name}.`],
  };
}
