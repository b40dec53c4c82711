import { KNOWN_JURISDICTIONS, resolveRules } from '@/server/domain/judgments/jurisdiction-rules';
import type { JurisdictionOption } from '@/components/judgments/types';

/**
 * The intake form's jurisdiction choices, from the rules data: each state row, then a federal
 * court sitting in each of those states (US-FED-<state>, whose judgment life follows the forum
 * state). Built on the server so the rules file stays out of the browser bundle.
 */
export function jurisdictionOptions(): JurisdictionOption[] {
  const states = KNOWN_JURISDICTIONS.filter((c) => c !== 'US-FED').map((c) => resolveRules(c));
  const federal = states.map((s) => resolveRules(`US-FED-${s.code.slice(3)}`));
  return [...states, ...federal].map((r) => ({ code: r.code, name: r.name, verified: r.verified }));
}
