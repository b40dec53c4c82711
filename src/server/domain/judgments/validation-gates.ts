import { addDays, addYears, daysBetween, maxDate, type IsoDate } from './dates';
import { periodEndInDays } from './court-time';
import { periodLastDay } from './deadlines';
import { RULES_DATASET, type ResolvedRules } from './jurisdiction-rules';
import { sanctionsGate, type SanctionsScreen } from './sanctions-gate';

/**
 * The enforcement-readiness gates of API-CONTRACT §9. Each gate answers pass, fail or review
 * with its reasons and the actions that would clear it. A gate that cannot know (a potential
 * sanctions match, unknown consumer status, unknown enforceable period) answers `review`:
 * it never passes silently. enforcement_ready is true only when every gate ran and passed.
 */
export const GATE_NAMES = [
  'authority',
  'stay_appeal',
  'bankruptcy',
  'consumer_commercial',
  'required_documents',
  'judgment_life',
  'sanctions',
] as const;
export type GateName = (typeof GATE_NAMES)[number];
export type GateStatus = 'pass' | 'fail' | 'review';

export interface Gate {
  gate: GateName;
  status: GateStatus;
  reasons: string[];
  required_actions: string[];
}

export interface GateInput {
  today: IsoDate;
  judgment: {
    date_entered: IsoDate;
    type: string;
    appeal_stay_status: string;
    bankruptcy_status: string;
    source_refs: { source_type: string }[];
    renewal_deadline: IsoDate | null;
  };
  rules: ResolvedRules;
  authority: { status: string; basis: string | null; granted_by: string | null };
  claimants: { name: string; role: string; source_refs: { source_type: string }[] }[];
  consumer_debt: boolean | null;
  bankruptcy_known: boolean | null;
  appeal_stay_known: boolean | null;
  sanctions: SanctionsScreen;
  /** Gates to run; null runs all of them. */
  checks: GateName[] | null;
}

export interface GateResult {
  gates: Gate[];
  enforcement_ready: boolean;
  review_required: boolean;
  /** Review flags that do not fail a gate (unverified data, consumer debt, etc.). */
  review_reasons: string[];
  missing_items: string[];
  checks_run: GateName[];
}

interface Ctx {
  input: GateInput;
  missing: string[];
  review: string[];
}
type GateFn = (c: Ctx) => Gate;

const gate = (name: GateName, status: GateStatus, reasons: string[], required_actions: string[] = []): Gate => ({
  gate: name,
  status,
  reasons,
  required_actions,
});

const authority: GateFn = ({ input }) => {
  const a = input.authority;
  if (a.status === 'granted') {
    return gate('authority', 'pass', [
      `Authority is granted on the matter${a.basis ? ` (${a.basis}${a.granted_by ? `, granted by ${a.granted_by}` : ''})` : ''}.`,
    ]);
  }
  return gate(
    'authority',
    'fail',
    [`The matter's authority status is '${a.status}'.`],
    ['Grant authority with POST /v1/matters/{matter_id}/authority.'],
  );
};

/** Last day of the automatic post-entry stay, or null when none applies. */
export function automaticStayEnd(rules: ResolvedRules, entered: IsoDate, type: string): IsoDate | null {
  const s = rules.stay;
  if (!s || !s.days || s.exempt_types.includes(type)) return null;
  // FRCP 6(a)(1)(C) and its state analogues: weekends and the forum's legal holidays roll it on.
  return periodEndInDays(entered, s.days, rules).date;
}

const stayAppeal: GateFn = ({ input, review }) => {
  const { judgment: j, rules, today } = input;
  const reasons: string[] = [];
  const actions: string[] = [];
  let status: GateStatus = 'pass';
  const s = rules.stay;
  if (input.appeal_stay_known) {
    status = 'fail';
    reasons.push('A stay pending appeal is known (appeal_stay_known).');
    actions.push("Record it (PATCH appeal_stay_status 'stayed') and wait for the stay to be lifted.");
  }
  if (j.appeal_stay_status === 'stayed') {
    status = 'fail';
    reasons.push('Enforcement is stayed pending appeal (appeal_stay_status stayed).');
    actions.push("Wait for the stay to be lifted, then PATCH appeal_stay_status 'lifted' and re-validate.");
  } else if (j.appeal_stay_status === 'appeal_pending') {
    if (s?.appeal_stays_automatically) {
      status = 'fail';
      reasons.push(`In ${rules.code} taking an appeal stays execution during the appeal (${s.citation}).`);
      actions.push('Wait for the appeal to be decided, or move for an order permitting enforcement.');
    } else {
      reasons.push('An appeal is pending without a stay; the debtor may still obtain one by bond or security.');
      actions.push('Monitor the appeal docket for a bond or stay before each enforcement step.');
      review.push('An appeal is pending.');
    }
  } else if (j.appeal_stay_status === 'lifted') {
    reasons.push('The stay pending appeal has been lifted.');
  }
  const stayEnd = automaticStayEnd(rules, j.date_entered, j.type);
  if (!s) {
    reasons.push(`No automatic-stay rule for ${rules.code} in ${RULES_DATASET.name}.`);
    review.push(`Confirm that no automatic post-entry stay applies in ${rules.code}.`);
  } else if (s.days === null) {
    reasons.push(`No automatic post-entry stay is recorded for ${rules.sources.stay} (${s.summary})`);
    if (!s.verified) review.push(`That ${rules.sources.stay} has no automatic post-entry stay is unverified.`);
  } else if (stayEnd === null) {
    reasons.push(
      s.days === 0
        ? `Enforceable on entry (${s.citation}).`
        : `The ${s.days}-day stay after entry does not apply to a ${j.type} judgment (${s.citation}).`,
    );
  } else if (today <= stayEnd) {
    status = 'fail';
    reasons.push(`Automatic stay after entry until ${stayEnd} (${s.days} days, ${s.citation}).`);
    actions.push(`Wait until ${addDays(stayEnd, 1)}, or obtain a court order permitting earlier enforcement.`);
  } else {
    reasons.push(`The ${s.days}-day automatic stay after entry ended on ${stayEnd} (${s.citation}).`);
    if (s.from === 'notice_of_entry') {
      reasons.push('That stay runs from service of written notice of entry, not entry itself.');
      actions.push(`Confirm written notice of entry was served by ${addDays(today, -s.days - 1)} or earlier.`);
      review.push('The post-entry stay runs from service of notice of entry, which is not recorded.');
    }
    if (!s.verified) review.push(`The automatic-stay rule for ${rules.sources.stay} is unverified.`);
  }
  return gate('stay_appeal', status, reasons, actions);
};

const bankruptcy: GateFn = ({ input }) => {
  const b = input.judgment.bankruptcy_status;
  if (input.bankruptcy_known || b === 'filed') {
    return gate(
      'bankruptcy',
      'fail',
      [
        `A bankruptcy filing is ${b === 'filed' ? 'recorded' : 'known'}: the automatic stay (11 U.S.C. § 362(a)) bars collection, and acts in violation are void.`,
      ],
      [
        'File a proof of claim and seek relief from the stay (11 U.S.C. § 362(d)), or wait for dismissal.',
        ...(b === 'filed' ? [] : ["Record it with PATCH bankruptcy_status 'filed'."]),
      ],
    );
  }
  if (b === 'discharged') {
    return gate(
      'bankruptcy',
      'fail',
      [
        'The debtor received a discharge: the discharge injunction (11 U.S.C. § 524(a)(2)) bars collecting a discharged debt.',
      ],
      ['Counsel to determine whether this debt was excepted from discharge (11 U.S.C. § 523) before any step.'],
    );
  }
  if (b === 'stay_lifted') return gate('bankruptcy', 'pass', ['The bankruptcy court lifted the automatic stay.']);
  if (b === 'dismissed')
    return gate('bankruptcy', 'pass', [
      'The bankruptcy case was dismissed; watch for a repeat filing (11 U.S.C. § 362(c)(3)-(4)).',
    ]);
  return gate('bankruptcy', 'pass', ['No bankruptcy filing is recorded for the debtor.']);
};

const consumerCommercial: GateFn = ({ input, missing, review }) => {
  const { rules } = input;
  if (input.consumer_debt === null) {
    missing.push('consumer_debt: whether the judgment arises from a consumer debt');
    return gate(
      'consumer_commercial',
      'review',
      ['Whether the judgment arises from a consumer (personal, family or household) debt is not recorded.'],
      ['Send consumer_debt (true or false) with the validation.'],
    );
  }
  if (!input.consumer_debt)
    return gate('consumer_commercial', 'pass', ['Commercial debt: consumer-debt protections do not apply.']);
  review.push('Consumer debt: counsel reviews consumer-protection compliance.');
  const actions = [
    'Confirm FDCPA compliance (15 U.S.C. §§ 1692-1692p) for any debt collector acting for the creditor, including the validation notice (§ 1692g) and communication limits.',
    'Exclude exempt funds: federal benefit payments (31 CFR Part 212) and wages above the garnishment limits (15 U.S.C. § 1673).',
  ];
  const c = rules.interest?.consumer;
  if (c)
    actions.push(
      `Apply the consumer-debt interest rate of ${c.rate_pct}% where its conditions hold (${rules.interest!.citation}): ${c.conditions}`,
    );
  const rc = rules.renewal?.consumer;
  if (rc) actions.push(`Observe the consumer-debt renewal limit (${rules.renewal!.citation}): ${rc.conditions}`);
  actions.push('Counsel review before each enforcement step.');
  return gate(
    'consumer_commercial',
    'pass',
    ['Consumer debt: consumer-protection steps apply and counsel review is required.'],
    actions,
  );
};

const requiredDocuments: GateFn = ({ input, missing }) => {
  const reasons: string[] = [];
  const actions: string[] = [];
  const types = new Set(input.judgment.source_refs.map((r) => r.source_type));
  let ok = true;
  if (types.has('judgment')) reasons.push('A copy of the judgment is on record.');
  else {
    ok = false;
    reasons.push("No source_ref of type 'judgment' (a copy of the entered judgment) is on record.");
    actions.push("Add the entered judgment as a source_ref of type 'judgment' (PATCH source_refs).");
    missing.push("source_ref of type 'judgment': a copy of the entered judgment");
  }
  for (const c of input.claimants.filter((x) => x.role === 'assignee')) {
    if (types.has('assignment') || c.source_refs.some((r) => r.source_type === 'assignment')) {
      reasons.push(`The assignment to ${c.name} is on record.`);
    } else {
      ok = false;
      reasons.push(`Assignee ${c.name} has no assignment on record.`);
      actions.push(
        `Add the assignment to ${c.name} as a source_ref of type 'assignment' (on the judgment or the claimant).`,
      );
      missing.push(`source_ref of type 'assignment' for assignee ${c.name}`);
    }
  }
  return gate('required_documents', ok ? 'pass' : 'fail', reasons, actions);
};

/** The last day the judgment can be enforced without a revival, or null when unknown. */
export function enforceableLastDay(
  rules: ResolvedRules,
  entered: IsoDate,
  renewalOverride: IsoDate | null,
): IsoDate | null {
  const years = rules.dormancy?.after_years ?? rules.life?.years ?? null;
  const computed = years === null ? null : periodLastDay(entered, years);
  // A user-set renewal date that extends a judgment (not a lien) records a renewal or a later writ.
  const extends_ = renewalOverride && (!rules.renewal || rules.renewal.target === 'judgment');
  if (computed === null) return renewalOverride;
  return extends_ ? maxDate(computed, renewalOverride!) : computed;
}

const judgmentLife: GateFn = ({ input, missing, review }) => {
  const { rules, judgment: j, today } = input;
  const last = enforceableLastDay(rules, j.date_entered, j.renewal_deadline);
  const cite = rules.dormancy?.citation ?? rules.life?.citation ?? null;
  if (last === null) {
    missing.push(
      `renewal_deadline: the enforceable period is not in the rules data for ${rules.forum_state ?? rules.code}`,
    );
    return gate(
      'judgment_life',
      'review',
      [`The enforceable period of a ${rules.forum_state ?? rules.code} judgment is not in ${RULES_DATASET.name}.`],
      ['Counsel confirms the enforceable period and sets renewal_deadline (PATCH).'],
    );
  }
  if (!rules.dormancy && !rules.life)
    review.push('The enforceable period rests on the user-set renewal_deadline only.');
  if ((rules.life && !rules.life.verified) || (rules.dormancy && !rules.dormancy.verified))
    review.push(`The judgment-life rule for ${rules.sources.life} is unverified.`);
  if (today > last) {
    const d = rules.dormancy;
    if (d) {
      const dormantFrom = addDays(last, 1);
      const revivalLast =
        d.revival_within_years_after_dormancy !== null
          ? addDays(addYears(dormantFrom, d.revival_within_years_after_dormancy), -1)
          : d.revival_within_years_after_entry !== null
            ? periodLastDay(j.date_entered, d.revival_within_years_after_entry)
            : null;
      const open = revivalLast !== null && today <= revivalLast;
      return gate(
        'judgment_life',
        'fail',
        [
          `The judgment has been dormant since ${dormantFrom} (${d.citation}).`,
          revivalLast
            ? open
              ? `It can be revived until ${revivalLast}.`
              : `The revival window closed on ${revivalLast}.`
            : 'Execution needs revival first.',
        ],
        open || revivalLast === null
          ? [
              `Revive the judgment (${d.citation})${revivalLast ? ` by ${revivalLast}` : ''}, then set renewal_deadline and re-validate.`,
            ]
          : [],
      );
    }
    return gate('judgment_life', 'fail', [
      `The enforceable period ended on ${last}${cite ? ` (${cite})` : ''}; the judgment can no longer be enforced.`,
    ]);
  }
  const reasons = [`Enforceable until ${last}${cite ? ` (${cite})` : ''}.`];
  const actions: string[] = [];
  const left = daysBetween(today, last);
  if (left <= 180) actions.push(`Renew or keep the judgment alive before ${last} (${left} days left).`);
  return gate('judgment_life', 'pass', reasons, actions);
};

const sanctions: GateFn = ({ input, review }) => sanctionsGate(input.sanctions, input.today, review);

const GATES: Record<GateName, GateFn> = {
  authority,
  stay_appeal: stayAppeal,
  bankruptcy,
  consumer_commercial: consumerCommercial,
  required_documents: requiredDocuments,
  judgment_life: judgmentLife,
  sanctions,
};

export function evaluateGates(input: GateInput): GateResult {
  const run =
    input.checks && input.checks.length ? GATE_NAMES.filter((g) => input.checks!.includes(g)) : [...GATE_NAMES];
  const ctx: Ctx = { input, missing: [], review: [...input.rules.review_reasons] };
  const gates = run.map((g) => GATES[g](ctx));
  const complete = run.length === GATE_NAMES.length;
  const allPass = gates.every((g) => g.status === 'pass');
  const review = [...new Set(ctx.review)];
  return {
    gates,
    enforcement_ready: complete && allPass,
    review_required: !allPass || review.length > 0,
    review_reasons: review,
    missing_items: [...new Set(ctx.missing)],
    checks_run: run,
  };
}
