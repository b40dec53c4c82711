import { addDays, addYears, maxDate, nextMonthDay, type IsoDate } from './dates';
import { periodEndInDays } from './court-time';
import { RULES_DATASET, type RenewalRule, type ResolvedRules } from './jurisdiction-rules';

/**
 * Judgment deadlines computed from the jurisdiction rules. `date` is always the legal last day
 * (API-CONTRACT §9): reminders are alerts raised earlier, never a moved date. Types come from
 * the contract's closed vocabulary; `kind` says which rule produced the row.
 */
export type DeadlineType = 'renewal' | 'service' | 'response' | 'hearing' | 'packet' | 'monitoring';
export type DeadlineKind =
  'renewal' | 'enforcement_period_end' | 'dormancy' | 'revival_last_day' | 'automatic_stay_end' | 'interest_rate_reset';

export interface DeadlineSpec {
  kind: DeadlineKind;
  type: DeadlineType;
  /** Null only when the rules cannot give a date (unknown jurisdiction, unconfirmed life). */
  date: IsoDate | null;
  /** First day the step may be taken, where the rule opens a window. */
  window_opens: IsoDate | null;
  title: string;
  description: string;
  legal_basis: string | null;
  source: 'rules' | 'user' | 'none';
  review_required: boolean;
  review_reasons: string[];
}

export interface DeadlineInput {
  rules: ResolvedRules;
  date_entered: IsoDate;
  judgment_type: string;
  consumer_debt: boolean | null;
  /** A renewal_deadline set by the user (PATCH): it replaces the computed renewal date. */
  renewal_override: IsoDate | null;
  today: IsoDate;
}

/** Last day of an N-year period that starts on `start` (the day before the anniversary). */
export const periodLastDay = (start: IsoDate, years: number): IsoDate => addDays(addYears(start, years), -1);

const RENEWAL_TITLES: Record<string, string> = {
  application: 'File the application for renewal of the judgment',
  renewal_action: 'Commence the action for a renewal judgment (judgment lien)',
  writ_issuance: 'Have a writ of execution issued to keep the judgment alive',
  lien_rerecording: 'Re-record the judgment lien',
  lien_renewal: 'Renew the judgment lien',
  revival_petition: 'File the petition to revive the judgment',
  revival_motion: 'Move to revive the judgment',
  extension_application: 'Apply to extend the judgment',
  affidavit: 'File, record and serve the affidavit of renewal',
  execution_entry: 'Enter an execution on the general execution docket',
  lien_revival: 'Commence the action to revive the judgment lien',
  action_on_judgment: 'Commence an action on the judgment to renew it',
  notice_of_renewal: 'File the notice of renewal of the judgment',
};

function renewalWindow(r: RenewalRule, entered: IsoDate): IsoDate | null {
  if (r.window_opens_years_after_entry !== null) return addYears(entered, r.window_opens_years_after_entry);
  if (r.window_days_before_end !== null) return addDays(addYears(entered, r.period_years), -r.window_days_before_end);
  return null;
}

export function computeDeadlines(input: DeadlineInput): DeadlineSpec[] {
  const { rules, date_entered: entered } = input;
  const base = rules.review_reasons;
  const out: DeadlineSpec[] = [];
  const review = (extra: (string | false | null | undefined)[]) => {
    const reasons = [...base, ...extra.filter((x): x is string => !!x)];
    return { review_required: reasons.length > 0, review_reasons: reasons };
  };
  const unverified = (what: string, ok: boolean, row: string | null) =>
    !ok && `The ${what} rule for ${row ?? rules.code} is marked unverified in ${RULES_DATASET.name}.`;

  const r = rules.renewal;
  if (r) {
    const computed = periodLastDay(entered, r.period_years);
    const consumerNote =
      input.consumer_debt && r.consumer
        ? ` Consumer debt: ${r.consumer.conditions}`
        : r.consumer && input.consumer_debt === null
          ? ` If the judgment is a consumer debt: ${r.consumer.conditions}`
          : '';
    const lien = r.target === 'lien' ? ' (this keeps the judgment lien; the judgment itself runs longer)' : '';
    out.push({
      kind: 'renewal',
      type: 'renewal',
      date: input.renewal_override ?? computed,
      window_opens: input.renewal_override ? null : renewalWindow(r, entered),
      title: RENEWAL_TITLES[r.model] ?? 'Renew the judgment',
      description: `${r.summary}${lien}${consumerNote}${input.renewal_override ? ` Set by the user; the rules give ${computed}.` : ''}`,
      legal_basis: r.citation,
      source: input.renewal_override ? 'user' : 'rules',
      ...review([
        unverified('renewal', r.verified, rules.sources.life),
        input.consumer_debt !== false &&
          r.consumer &&
          !r.consumer.verified &&
          'The consumer-debt renewal limit is unverified.',
      ]),
    });
  } else if (!rules.life) {
    // Nothing to compute from: keep a visible row so the gap is tracked, not hidden.
    out.push({
      kind: 'renewal',
      type: 'renewal',
      date: input.renewal_override,
      window_opens: null,
      title: 'Confirm the enforceable period and renewal step',
      description: `${rules.code}: the rules data has no judgment life or renewal rule. Counsel confirms the period and sets renewal_deadline.`,
      legal_basis: null,
      source: input.renewal_override ? 'user' : 'none',
      ...review([`No judgment-life rule for ${rules.forum_state ?? rules.code} in ${RULES_DATASET.name}.`]),
    });
  }

  const life = rules.life;
  const d = rules.dormancy;
  if (life && (!r || r.target === 'lien' || r.period_years !== life.years) && !(d && d.after_years === life.years)) {
    out.push({
      kind: 'enforcement_period_end',
      type: 'renewal',
      date: periodLastDay(entered, life.years),
      window_opens: null,
      title: 'Enforceable period ends',
      description: `${life.summary} Last day on which the judgment can be enforced.`,
      legal_basis: life.citation,
      source: 'rules',
      ...review([unverified('judgment-life', life.verified, rules.sources.life)]),
    });
  }

  if (d) {
    const dormantFrom = addYears(entered, d.after_years);
    if (!r || r.period_years !== d.after_years) {
      out.push({
        kind: 'dormancy',
        type: 'renewal',
        date: periodLastDay(entered, d.after_years),
        window_opens: null,
        title: 'Last day before the judgment becomes dormant',
        description: `${d.summary} From ${dormantFrom} execution needs revival first.`,
        legal_basis: d.citation,
        source: 'rules',
        ...review([unverified('dormancy', d.verified, rules.sources.life)]),
      });
    }
    let revivalLast: IsoDate | null = null;
    let consumerReason: string | null = null;
    if (d.revival_within_years_after_dormancy !== null) {
      revivalLast = addDays(addYears(dormantFrom, d.revival_within_years_after_dormancy), -1);
    } else if (d.revival_within_years_after_entry !== null) {
      const consumerApplies =
        d.consumer_revival_within_years_after_entry !== null &&
        (d.consumer_entered_on_or_after === null || entered >= d.consumer_entered_on_or_after);
      const years =
        consumerApplies && input.consumer_debt
          ? d.consumer_revival_within_years_after_entry!
          : d.revival_within_years_after_entry;
      if (consumerApplies && input.consumer_debt === null) {
        consumerReason = `Consumer status unknown: a consumer-debt judgment must be revived within ${d.consumer_revival_within_years_after_entry} years after entry, not ${d.revival_within_years_after_entry}.`;
      }
      revivalLast = periodLastDay(entered, years);
    }
    if (revivalLast) {
      out.push({
        kind: 'revival_last_day',
        type: 'renewal',
        date: revivalLast,
        window_opens: dormantFrom,
        title: 'Last day to revive a dormant judgment',
        description: d.summary,
        legal_basis: d.citation,
        source: 'rules',
        ...review([unverified('dormancy', d.verified, rules.sources.life), consumerReason]),
      });
    }
  }

  const s = rules.stay;
  if (s && s.days && !s.exempt_types.includes(input.judgment_type)) {
    const end = periodEndInDays(entered, s.days, rules);
    out.push({
      kind: 'automatic_stay_end',
      type: 'monitoring',
      date: end.date,
      window_opens: null,
      title: 'Automatic stay after entry ends',
      description: `${s.summary} Enforcement may begin the day after this date. A last day on a weekend or legal holiday runs to the next court day (${end.basis}).`,
      legal_basis: s.citation,
      source: 'rules',
      ...review([
        ...end.review_reasons,
        unverified('automatic-stay', s.verified, rules.sources.stay),
        s.from === 'notice_of_entry' &&
          'The stay runs from service of written notice of entry; this date assumes notice was served on the day of entry (the earliest possible).',
      ]),
    });
  }

  const resets = rules.interest?.index?.resets;
  if (resets) {
    out.push({
      kind: 'interest_rate_reset',
      type: 'monitoring',
      date: nextMonthDay(maxDate(input.today, addDays(entered, 1)), resets.months, resets.day),
      window_opens: null,
      title: 'Post-judgment interest rate resets',
      description: `${rules.interest!.summary} Update post_judgment_interest with the new rate.`,
      legal_basis: rules.interest!.citation,
      source: 'rules',
      ...review([]),
    });
  }
  return out;
}

/** A stored deadline's status as read today: open rows past their date read `passed`. */
export function deadlineStatus(stored: string, date: IsoDate | null, today: IsoDate): string {
  if (stored !== 'open') return stored;
  return date !== null && date < today ? 'passed' : 'open';
}
