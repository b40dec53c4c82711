import { ExactNumber } from '../../json';
import { shortAddress, type RedactionProfile } from '../packets/redaction';

/**
 * Redaction of report section data (API-CONTRACT §14 profiles, applied to §19 reports). The
 * section bodies are written from the redacted data afterwards (bodies.ts), so text can never
 * show what the data lost.
 * - `external`: every internal field goes, at any depth: notes, review and completion notes,
 *   operator economics and claimants' economics (their data is theirs);
 * - `claimant`: `external`, no claimant roster, sanctions stated only as "under review", and every full wallet
 *   address (those the report names, in any string) cut to its first 6 and last 4 characters.
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
export const UNDER_REVIEW = 'under review';

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

/** Replaces each listed address (case-insensitive) in every string, longest first. */
export function shortenAddresses(v: Json, addresses: readonly string[]): Json {
  const list = [...new Set(addresses.filter((a) => a.length > 12))].sort((a, z) => z.length - a.length);
  if (!list.length) return v;
  const res = list.map((a) => [new RegExp(a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), shortAddress(a)] as const);
  const go = (x: Json): Json => {
    if (typeof x === 'string') return res.reduce((s, [re, short]) => s.replace(re, short), x);
    if (Array.isArray(x)) return x.map(go);
    if (isPlain(x)) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, go(y)]));
    return x;
  };
  return go(v);
}

/** Section data under a profile. `addresses` are the full addresses the report names. */
export function redactData(
  data: Record<string, Json>,
  profile: RedactionProfile,
  addresses: readonly string[],
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
    out = shortenAddresses(out, addresses);
  }
  return out as Record<string, Json>;
}
