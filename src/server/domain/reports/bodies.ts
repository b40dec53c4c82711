import type { RedactionProfile } from '../packets/redaction';
import { formatDate, formatMoney } from '../reader-format';
import { claimantText, redactData, type Hidden } from './redaction';
import { UNDER_REVIEW } from './sanctions-wording';
import { omittedBody, omittedPartsSentence } from './scopes';

/**
 * Report sections: a title and a plain-language body written from the section's (already
 * redacted) data. Pure, so an export re-derives each body from the data under its own profile.
 */
type Any = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface ReportSectionOut {
  key: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/** Money as the report's PDF writes it ("$13,500.00", "1,250.00 EUR"); the data keeps the exact decimal. */
const m = (x: Any | null | undefined) => (x ? formatMoney(x) || 'not known' : 'not known');
/** A date or timestamp as a day in words ("March 1, 2026"); the data keeps the ISO value. */
const day = (v: unknown) => (typeof v === 'string' && v ? formatDate(v.slice(0, 10)) : 'an unknown date');
const n = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
const list = (xs: string[]) => (xs.length ? xs.join('; ') : 'none');

const TITLES: Record<string, string> = {
  summary: 'Summary',
  judgments: 'Judgments',
  assets: 'Assets',
  plan: 'Enforcement plan',
  actions: 'Actions',
  packets: 'Packets',
  alerts: 'Monitoring alerts',
  ledger: 'Ledger: recoveries and balance',
  sanctions: 'Sanctions',
  recoveries: 'Recoveries and balance',
  your_share: 'Your share',
  next_steps: 'Next steps',
};

/** A section's note (it lists fewer rows than the matter holds), after its text. */
const noted = (d: Any) => (d.note ? ` ${d.note}` : '');

const BODIES: Record<string, (d: Any) => string> = {
  summary: (d) =>
    [
      `${d.matter?.name ?? 'This matter'}${d.matter?.status ? ` is ${d.matter.status} (${d.matter.mode ?? 'enforcement'})` : ''}.`,
      d.matter?.lead_counsel ? `Lead counsel: ${d.matter.lead_counsel}.` : '',
      d.judgment_count !== undefined || d.claimant_count !== undefined
        ? `It holds ${[d.judgment_count !== undefined ? n(d.judgment_count, 'judgment') : '', d.claimant_count !== undefined ? n(d.claimant_count, 'claimant') : ''].filter(Boolean).join(' and ')}.`
        : '',
      d.balance_outstanding
        ? `Outstanding balance: ${m(d.balance_outstanding)}; recovered so far: ${m(d.recovered)} (as of ${day(d.as_of)}).`
        : '',
      d.matter?.notes ? `Internal notes: ${d.matter.notes}` : '',
      d.operator_economics
        ? `Operator economics: contingency fee ${d.operator_economics.contingency_fee_pct ?? 'not set'}%; operator share of recoveries ${m(d.operator_economics.operator_share)}.`
        : '',
      omittedPartsSentence(d.omitted_parts),
    ]
      .filter(Boolean)
      .join(' '),
  judgments: (d) =>
    d.judgments?.length
      ? d.judgments
          .map(
            (j: Any) =>
              `${j.case_number} (${j.court}, entered ${day(j.date_entered)}): ${m(j.amount)} against ${j.debtor}, status ${j.status}.${j.next_deadline ? ` Next deadline: ${j.next_deadline.title} on ${day(j.next_deadline.due_date)}.` : ''}`,
          )
          .join(' ') + noted(d)
      : 'No judgment has been recorded on this matter yet.',
  assets: (d) =>
    d.map_id
      ? `The latest asset map (${day(d.created_at)}) traces ${n(d.wallets?.length ?? 0, 'wallet')} and ${n(d.token_exposure_count ?? 0, 'token exposure')}. Exchanges that may hold funds: ${list((d.exchange_hypotheses ?? []).map((h: Any) => `${h.exchange} (${h.confidence}/100)`))}.`
      : 'No asset map has been made for this matter yet.',
  plan: (d) =>
    d.plans?.length
      ? d.plans
          .map(
            (p: Any) =>
              `Plan for ${p.judgment_id} (${p.profile}, pressure level ${p.pressure_level}): ${n(p.priority_actions?.length ?? 0, 'priority step')}${p.steps_on_hold ? `, ${n(p.steps_on_hold, 'step')} on hold` : ''}: ${list((p.priority_actions ?? []).slice(0, 5).map((a: Any) => a.title))}.`,
          )
          .join(' ') + noted(d)
      : 'No enforcement plan has been made yet.',
  actions: (d) =>
    `${n(d.open ?? 0, 'open action')}, ${n(d.completed ?? 0, 'completed action')}.${d.items?.length ? ` Next: ${list(d.items.slice(0, 5).map((a: Any) => `${a.title}${a.due_at ? ` (due ${day(a.due_at)})` : ''}`))}.` : ''}${noted(d)}`,
  packets: (d) =>
    d.items?.length
      ? `${n(d.total ?? d.items.length, 'packet')}: ${list(d.items.slice(0, 5).map((p: Any) => `${p.type}/${p.packet_type} ${p.status}${p.ready ? ', ready' : ''}`))}.${d.items.length > 5 ? ` ${n(d.items.length - 5, 'more packet')} in the table.` : ''}${noted(d)}`
      : 'No packet has been prepared yet.',
  alerts: (d) =>
    d.items?.length
      ? `${n(d.items.length, 'alert')}: ${list(d.items.slice(0, 5).map((a: Any) => `${a.severity}, ${a.status}: ${a.reason ?? a.type}`))}.${d.items.length > 5 ? ` ${n(d.items.length - 5, 'more alert')} in the table.` : ''}${noted(d)}`
      : 'No monitoring alerts.',
  ledger: (d) =>
    `Judgment principal ${m(d.judgment_principal)}, accrued interest ${m(d.accrued_interest)}, costs ${m(d.costs)}. Recovered ${m(d.recovered)} in ${n(d.recovery_events ?? 0, 'recovery', 'recoveries')}; distributed ${m(d.distributed)}. Outstanding balance ${m(d.balance_outstanding)} as of ${day(d.as_of)}.`,
  recoveries: (d) =>
    `So far ${m(d.recovered)} has been recovered in ${n(d.recovery_events ?? 0, 'recovery', 'recoveries')}. The balance still owed on the judgments, with interest and costs, is ${m(d.balance_outstanding)} as of ${day(d.as_of)}. The chart shows both over time.`,
  sanctions: (d) =>
    d.sanctions_status
      ? `Sanctions matters: ${d.sanctions_status}.`
      : [
          d.reviews?.length
            ? `${n(d.reviews.length, 'sanctions review')}: ${list(d.reviews.map((r: Any) => `${r.review_id} ${r.status}${r.ofac_report_required ? ' (OFAC report required)' : ''}`))}.`
            : 'No sanctions review is open.',
          d.note ?? '',
          d.collection_paused ? 'Ordinary collection is paused until counsel clears the open matches.' : '',
        ]
          .filter(Boolean)
          .join(' '),
  your_share: (d) =>
    d.share_pct === null || d.share_pct === undefined
      ? `${d.claimant?.name ?? 'Your'} share of this matter's recoveries is not recorded yet; it is under review.`
      : `${d.claimant?.name} (${d.claimant?.role}) holds ${d.share_pct}% of the net recoveries: ${m(d.share_of_net_recoveries)} so far. Distributed to you: ${m(d.distributed_to_claimant)}.`,
  next_steps: (d) =>
    `${n(d.open_actions ?? 0, 'step')} in progress.${d.upcoming_deadlines?.length ? ` Upcoming dates: ${list(d.upcoming_deadlines.map((x: Any) => `${x.title} on ${day(x.due_date)}`))}.` : ''}`,
};

/**
 * One section as a report shows it under `profile`: the data redacted (sanctions under the
 * claimant profile collapse to a status), then the body written from it, then, under
 * `claimant`, the body read once more for addresses, listed names and sanctions findings (its
 * template's own words included). A section left out for want of a read scope stays left
 * out under every profile (its data names only the scopes it needed).
 */
export function sectionFor(
  key: string,
  raw: Record<string, unknown>,
  profile: RedactionProfile,
  hidden: Hidden,
): ReportSectionOut {
  const title = TITLES[key] ?? key;
  if (raw.omitted) return { key, title, body: omittedBody(raw.omitted), data: raw };
  let data = redactData(raw, profile, hidden);
  if (key === 'sanctions' && profile === 'claimant') {
    // "none known" only when nothing is open: no review and no uncleared match pausing collection.
    const open = (raw.reviews as unknown[] | undefined)?.length || raw.collection_paused;
    data = { sanctions_status: open ? UNDER_REVIEW : 'none known' };
  }
  const body = (BODIES[key] ?? (() => ''))(data as Any);
  if (profile !== 'claimant') return { key, title, body, data };
  // The data is already claimant-safe; the body's own words are read once more.
  const text = claimantText(hidden);
  return { key, title: text(title), body: text(body), data };
}
