import { datasetReviews, weakAliasReviews, type Datasets, type ScreenMatch } from '../sanctions/screen';
import type { IsoDate } from './dates';
import type { Gate, GateStatus } from './validation-gates';

/**
 * The `sanctions` gate (API-CONTRACT §9: an unresolved sanctions match fails it; §15: it fails
 * while ordinary collection is paused), decided at validation time with the one sanctions
 * screening (domain/sanctions/screen.ts): the judgment's debtor against the SDN names, the
 * wallets known on the matter against the OFAC digital-currency addresses, and the matter's
 * pause from its recorded screens and review decisions. Matches a review has cleared are
 * dropped by the caller. An exact match or a listed wallet fails; a fuzzy (potential) match
 * needs a person and answers `review`; otherwise it passes, naming the lists and their dates.
 */
export interface SanctionsScreen {
  debtor: { name: string; matches: ScreenMatch[] };
  /** Every wallet known on the matter, with its uncleared address matches (none when not listed). */
  wallets: { address: string; matches: ScreenMatch[] }[];
  /** The matter's sanctions pause from its recorded screens (§15); null when it has none. */
  recorded: { paused: boolean; unresolved: number; screens: number } | null;
  datasets: Datasets;
}

/** Potential matches spelled out in the gate; the rest are counted. */
const SHOWN = 5;

const programs = (p: string[]) => (p.length ? `program ${p.join(', ')}` : 'no program listed');
const namesList = (d: Datasets) => `OFAC SDN list (${d.names.file}, ${d.names.as_of ?? 'date unknown'})`;
const addressList = (d: Datasets) =>
  `OFAC digital-currency addresses (${d.addresses.lists.split('/').pop()}, ${d.addresses.as_of})`;
const entry = (m: ScreenMatch) => `SDN entry ${m.sdn_id} '${m.sdn_name}' (${m.sdn_type}; ${programs(m.programs)})`;

export function sanctionsGate(s: SanctionsScreen, today: IsoDate, review: string[]): Gate {
  const fail: string[] = [];
  const potential: string[] = [];
  const clear: string[] = [];
  const { name, matches } = s.debtor;

  const exact = matches.filter((m) => m.match_type === 'exact');
  const fuzzy = matches.filter((m) => m.match_type === 'fuzzy');
  for (const m of exact) {
    fail.push(
      m.matched === m.sdn_name
        ? `Debtor '${name}' matches ${entry(m)} on the ${namesList(s.datasets)}.`
        : `Debtor '${name}' matches the ${m.alias?.weak ? 'weak alias' : 'alias'} '${m.matched}' of ${entry(m)} on the ${namesList(s.datasets)}.`,
    );
  }
  for (const m of fuzzy.slice(0, SHOWN))
    potential.push(`Potential match: debtor '${name}' resembles ${entry(m)} (score ${m.score}).`);
  if (fuzzy.length > SHOWN)
    potential.push(`…and ${fuzzy.length - SHOWN} more potential matches on the ${namesList(s.datasets)}.`);
  if (!matches.length) clear.push(`Debtor screened against ${namesList(s.datasets)}: no match.`);

  const listed = s.wallets.filter((w) => w.matches.length);
  for (const w of listed) {
    const who = [
      ...new Map(
        w.matches.map((h) => [h.sdn_id, `entry ${h.sdn_id} '${h.sdn_name}' (${programs(h.programs)})`]),
      ).values(),
    ];
    fail.push(
      `Wallet ${w.address} known on the matter is on the OFAC SDN list: ${who.join(' / ')}, per ${addressList(s.datasets)}.`,
    );
  }
  if (!s.wallets.length)
    clear.push('No wallet is known on the matter (enforcement plans record known wallets), so none was screened.');
  else if (!listed.length) {
    clear.push(
      `${s.wallets.length} wallet${s.wallets.length === 1 ? '' : 's'} known on the matter screened against ${addressList(s.datasets)}: no match.`,
    );
  }

  const r = s.recorded;
  if (r?.paused)
    fail.push(
      `Ordinary collection on the matter is paused: ${r.unresolved} sanctions match${r.unresolved === 1 ? '' : 'es'} of its recorded screens not cleared by a review decision.`,
    );
  else if (r)
    clear.push(
      `The matter's ${r.screens} recorded sanctions screen${r.screens === 1 ? '' : 's'} leave no uncleared match.`,
    );

  review.push(...datasetReviews(s.datasets, today, { names: true, wallets: s.wallets.length > 0 }));
  review.push(...weakAliasReviews(exact));
  const status: GateStatus = fail.length ? 'fail' : potential.length ? 'review' : 'pass';
  const actions =
    status === 'fail'
      ? [
          'Open a sanctions review (POST /v1/sanctions/review-packet); collection is paused until counsel decides it.',
          "Do not collect, move or accept the listed person's property without an OFAC license; blocked property is reported to OFAC within 10 business days (31 CFR 501.603).",
        ]
      : status === 'review'
        ? [
            'Open a sanctions review (POST /v1/sanctions/review-packet) to confirm or clear the potential match against dates of birth, addresses and identifiers; collection is paused until it is resolved.',
          ]
        : [];
  return { gate: 'sanctions', status, reasons: [...fail, ...potential, ...clear], required_actions: actions };
}
