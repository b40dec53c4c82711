import type { NameMatch, SdnDataset } from '../sanctions/sdn-list';
import { daysBetween, type IsoDate } from './dates';
import type { Gate, GateStatus } from './validation-gates';
import { OFAC_DATASET, type OfacHit } from './wallet-index';

/**
 * The `sanctions` gate (API-CONTRACT §9: an unresolved sanctions match fails it), decided at
 * validation time from a screening of the judgment's debtor against the shipped OFAC SDN names
 * list, of the wallets known on the matter against the OFAC digital-currency addresses, and of
 * any `sanctions.screened` result on record. An exact name match or a listed wallet fails; a
 * potential (alias or partial) name match needs a person and answers `review`; otherwise it
 * passes, naming the lists and their dates.
 */
export interface SanctionsScreen {
  debtor: { name: string; matches: NameMatch[] };
  /** Every wallet known on the matter, with its OFAC address hits (none when not listed). */
  wallets: { address: string; hits: OfacHit[] }[];
  /** The latest `sanctions.screened` result on the matter, if any. */
  recorded: { unresolved_match: boolean; screened_at: string; source: string } | null;
  names_dataset: SdnDataset;
}

/** A list older than this no longer says who is designated today (OFAC changes it weekly). */
export const MAX_LIST_AGE_DAYS = 31;
/** Potential matches spelled out in the gate; the rest are counted. */
const SHOWN = 5;

const ADDRESS_FILE = OFAC_DATASET.name.split('/').pop()!;
// OFAC_DATASET.as_of reads "2025-11-19 (SDN XML DateOfIssue)": the date is its first ten characters.
const ADDRESS_DATE: IsoDate | null = /^\d{4}-\d{2}-\d{2}/.exec(OFAC_DATASET.as_of)?.[0] ?? null;

const programs = (p: string[]) => (p.length ? `program ${p.join(', ')}` : 'no program listed');
const namesList = (d: SdnDataset) => `OFAC SDN list (${d.file}, ${d.as_of ?? 'date unknown'})`;
const entry = (m: NameMatch) => `SDN entry ${m.uid} '${m.name}' (${m.type}; ${programs(m.programs)})`;

/** Why a result resting on a list must be confirmed: its age, and what the copy lacks. */
function datasetReviews(s: SanctionsScreen, today: IsoDate): string[] {
  const d = s.names_dataset;
  const out: string[] = [];
  if (!d.as_of) {
    out.push(`The SDN names file ${d.name} is not the copy documented in its PROVENANCE.md, so its date is unknown: confirm the screening against the current OFAC list.`);
  } else {
    const age = daysBetween(d.as_of, today);
    if (age > MAX_LIST_AGE_DAYS) {
      out.push(`The debtor was screened against the OFAC SDN list of ${d.as_of} (${age} days old); designations and delistings since then are not reflected: confirm against the current OFAC list.`);
    }
  }
  if (d.gaps) out.push(`The SDN name screening is incomplete: ${d.gaps}.`);
  if (s.wallets.length) {
    const age = ADDRESS_DATE ? daysBetween(ADDRESS_DATE, today) : null;
    if (age === null || age > MAX_LIST_AGE_DAYS) {
      out.push(`Wallets were screened against OFAC digital-currency addresses of ${ADDRESS_DATE ?? 'unknown date'}${age === null ? '' : ` (${age} days old)`}: confirm against the current OFAC list.`);
    }
  }
  return out;
}

export function sanctionsGate(s: SanctionsScreen, today: IsoDate, review: string[]): Gate {
  const fail: string[] = [];
  const potential: string[] = [];
  const clear: string[] = [];
  const { name, matches } = s.debtor;

  const exact = matches.filter((m) => m.kind === 'exact');
  const partial = matches.filter((m) => m.kind !== 'exact');
  for (const m of exact) fail.push(`Debtor '${name}' matches ${entry(m)} on the ${namesList(s.names_dataset)}.`);
  for (const m of partial.slice(0, SHOWN)) {
    potential.push(m.kind === 'alias'
      ? `Potential match: debtor '${name}' equals the alias '${m.matched}' of ${entry(m)}.`
      : `Potential match: debtor '${name}' shares every word of the shorter name with ${entry(m)}.`);
  }
  if (partial.length > SHOWN) potential.push(`…and ${partial.length - SHOWN} more potential matches on the ${namesList(s.names_dataset)}.`);
  if (!matches.length) clear.push(`Debtor screened against ${namesList(s.names_dataset)}: no match.`);

  const listed = s.wallets.filter((w) => w.hits.length);
  for (const w of listed) {
    const who = [...new Map(w.hits.map((h) => [h.sdn_profile_id, `entry ${h.sdn_profile_id} '${h.sdn_name}' (${programs(h.programs)})`])).values()];
    fail.push(`Wallet ${w.address} known on the matter is on the OFAC SDN list: ${who.join(' / ')}, per ${ADDRESS_FILE} (${ADDRESS_DATE ?? OFAC_DATASET.as_of}).`);
  }
  if (!s.wallets.length) clear.push('No wallet is known on the matter (enforcement plans record known wallets), so none was screened.');
  else if (!listed.length) {
    clear.push(`${s.wallets.length} wallet${s.wallets.length === 1 ? '' : 's'} known on the matter screened against OFAC digital-currency addresses (${ADDRESS_FILE}, ${ADDRESS_DATE ?? OFAC_DATASET.as_of}): no match.`);
  }

  const r = s.recorded;
  if (r?.unresolved_match) fail.push(`An unresolved sanctions match on the matter pauses ordinary collection (${r.source}).`);
  else if (r) clear.push(`The sanctions screening on record (${r.source}, ${r.screened_at}) found no unresolved match.`);

  review.push(...datasetReviews(s, today));
  const status: GateStatus = fail.length ? 'fail' : potential.length ? 'review' : 'pass';
  const actions = status === 'fail'
    ? ['Open a sanctions review (POST /v1/sanctions/review-packet); collection is paused until it is resolved.',
      "Do not collect, move or accept the listed person's property without an OFAC license; blocked property is reported to OFAC within 10 business days (31 CFR 501.603)."]
    : status === 'review'
      ? ['Open a sanctions review (POST /v1/sanctions/review-packet) to confirm or clear the potential match against dates of birth, addresses and identifiers; collection is paused until it is resolved.']
      : [];
  return { gate: 'sanctions', status, reasons: [...fail, ...potential, ...clear], required_actions: actions };
}
