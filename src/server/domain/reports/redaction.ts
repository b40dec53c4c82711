import { ExactNumber } from '../../json';
import type { RedactionProfile } from '../packets/redaction';
import { addressSet, shortenAddressesIn } from './address-scan';
import { nameSet, statesFinding, UNDER_REVIEW, withoutFindings, withoutListedNames } from './sanctions-wording';

/**
 * Redaction of report section data (API-CONTRACT §14 profiles, applied to §19 reports). The
 * section bodies are written from the redacted data afterwards (bodies.ts), so text can never
 * show what the data lost.
 * - `external`: every internal field goes, at any depth: notes, review and completion notes,
 *   operator economics and claimants' economics (their data is theirs);
 * - `claimant`: `external`, no claimant roster, sanctions stated only as "under review" (no
 *   finding, citation or listed name in any string), and every wallet address in any string
 *   (those the report names, and any other by its shape) cut to its first 6 and last 4 characters.
 */
const INTERNAL_KEYS = new Set([
  'notes',
  'internal_notes',
  'review_notes',
  'completion_notes',
  'profile_notes',
  'economics',
  'operator_economics',
  'fees',
  'internal',
]);
const SANCTIONS_KEYS = new Set([
  'sanctions',
  'sanctions_status',
  'matches',
  'blocked_property_analysis',
  'ofac_report_required',
  'sdn_name',
  'decision_reason',
]);

type Json = unknown;

const isPlain = (v: Json): v is Record<string, Json> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof ExactNumber);

function walk(v: Json, visit: (k: string, x: Json) => Json | undefined): Json {
  if (Array.isArray(v)) return v.map((x) => walk(x, visit));
  if (!isPlain(v)) return v;
  const out: Record<string, Json> = {};
  for (const [k, x] of Object.entries(v)) {
    const r = visit(k, x);
    if (r !== undefined) out[k] = walk(r, visit);
  }
  return out;
}

/** What the claimant profile hides in every string: addresses (those the report names, and any
 *  address by its shape) and listed-entity names. */
export interface Hidden {
  addresses: readonly string[];
  listed_names: readonly string[];
}

/**
 * Every string of `v` as a claimant may read it: each address shortened, each listed name and
 * each sentence stating a sanctions finding replaced (sanctions-wording.ts). One linear pass per
 * string, whatever the number of addresses.
 */
export function claimantStrings(v: Json, hidden: Hidden): Json {
  const known = addressSet(hidden.addresses);
  const names = nameSet(hidden.listed_names);
  const text = (s: string) => withoutFindings(withoutListedNames(shortenAddressesIn(s, known), names));
  const go = (x: Json): Json => {
    if (typeof x === 'string') return text(x);
    if (Array.isArray(x)) return x.map(go);
    if (isPlain(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, go(y)]));
    return x;
  };
  return go(v);
}

/** Section data under a profile. */
export function redactData(
  data: Record<string, Json>,
  profile: RedactionProfile,
  hidden: Hidden,
): Record<string, Json> {
  if (profile === 'none') return data;
  let out = walk(data, (k, x) => (INTERNAL_KEYS.has(k) ? undefined : x));
  if (profile === 'claimant') {
    // A claimant sees no other claimant: the roster goes with the sanctions detail.
    out = walk(out, (k, x) =>
      k === 'claimants'
        ? undefined
        : SANCTIONS_KEYS.has(k)
          ? k === 'sanctions_status' || k === 'sanctions'
            ? UNDER_REVIEW
            : undefined
          : x,
    );
    out = claimantStrings(out, hidden);
  }
  return out as Record<string, Json>;
}

/** The reference datasets a report names, under a profile: a claimant's omits the sanctions lists. */
export const profileDatasets = (datasets: string[], profile: RedactionProfile) =>
  profile === 'claimant' ? datasets.filter((d) => !statesFinding(d)) : datasets;

/** The report's review state under a profile: review notes are internal (API-CONTRACT §14). */
export const profileReviewState = <T extends { review_notes?: unknown }>(state: T, profile: RedactionProfile): T =>
  profile === 'none' ? state : { ...state, review_notes: null };
