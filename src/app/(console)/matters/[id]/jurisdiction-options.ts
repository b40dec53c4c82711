import { KNOWN_JURISDICTIONS, resolveRules } from '@/server/domain/judgments/jurisdiction-rules';
import type { JurisdictionOption } from '@/components/judgments/types';

/** American Samoa has no U.S. district court (its cases go to the District of Hawaii or D.D.C.). */
const NO_DISTRICT_COURT = new Set(['US-AS']);

/**
 * The intake form's jurisdiction choices, from the rules data: each state, DC and territory row
 * by name, then a federal court sitting in each of those with a district court (US-FED-<state>,
 * whose judgment life follows the forum state). Built on the server so the rules file stays out
 * of the browser bundle.
 */
export function jurisdictionOptions(): JurisdictionOption[] {
  const states = KNOWN_JURISDICTIONS.filter((c) => c !== 'US-FED')
    .map((c) => resolveRules(c))
    .sort((a, b) => a.name.localeCompare(b.name));
  const federal = states
    .filter((s) => !NO_DISTRICT_COURT.has(s.code))
    .map((s) => resolveRules(`US-FED-${s.code.slice(3)}`));
  return [...states, ...federal].map((r) => ({ code: r.code, name: r.name, verified: r.verified }));
}
