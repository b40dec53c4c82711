import type { Ctx, Tx } from '../../context';
import { assertMatterAuthority } from '../matters/gate';
import { assignAction } from './actions';
import { findAction } from './load';

/**
 * Assigns several actions to one owner in one transaction: all or none. Each assignment is
 * the single `assign` (its gate on the action's matter, its audit event and action.assigned).
 */
export async function bulkAssignActions(
  ctx: Ctx,
  tx: Tx,
  input: { action_ids: string[]; owner_id: string; notes?: string | null },
) {
  const data = [];
  for (const id of [...new Set(input.action_ids)]) {
    const a = await findAction(ctx, tx, id);
    await assertMatterAuthority(ctx, tx, a.matter_id);
    data.push(await assignAction(ctx, tx, id, { owner_id: input.owner_id, notes: input.notes }));
  }
  return { object: 'list' as const, data };
}
