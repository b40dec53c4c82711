/**
 * What the scenarios learn from the operation registry, so that operations added later are
 * covered without editing a scenario.
 */
import { allOperations } from '../../src/server/operations/index';
import type { Operation } from '../../src/server/operations/define';

export const opByName = (name: string): Operation => {
  const op = allOperations.find((o) => o.name === name);
  if (!op) throw new Error(`no operation named '${name}' in the registry`);
  return op;
};

/** The `object` literal a response schema declares (e.g. "matter"), if any. */
function objectLiteral(op: Operation): string | null {
  const field = (op.response as unknown as { shape?: Record<string, { def?: { type?: string; values?: unknown[] } }> })
    .shape?.object;
  return field?.def?.type === 'literal' && typeof field.def.values?.[0] === 'string'
    ? (field.def.values[0] as string)
    : null;
}

/**
 * The GET path that reads back the object a write answered: a GET operation whose only path
 * parameter ends its path, whose response is the same `object`, and whose parameter is a
 * field of the answer (e.g. `{object:"ledger_entry", entry_id}` → GET /v1/ledger/entries/{entry_id}).
 * Null when the registry has none (e.g. authority grants are only listed).
 */
export function readBackPath(answer: Record<string, unknown>): string | null {
  for (const op of allOperations) {
    if (op.method !== 'GET' || op.pathParams.length !== 1) continue;
    const p = op.pathParams[0];
    if (!op.path.endsWith(`/{${p}}`) || typeof answer[p] !== 'string') continue;
    if (objectLiteral(op) !== answer.object) continue;
    return op.path.replace(`{${p}}`, encodeURIComponent(answer[p] as string));
  }
  return null;
}
