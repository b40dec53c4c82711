/**
 * The action vocabulary and state machine (API-CONTRACT §9, §16). Pure: no I/O.
 *
 * open → in_progress → completed; open | in_progress → blocked | cancelled. A blocked action
 * is waiting on something outside the queue (a court, a counterparty), not finished, so it may
 * resume (→ open | in_progress) or be cancelled; completed and cancelled are terminal.
 * Completion happens only through `complete`, which records its evidence.
 */
export const ACTION_STATUSES = ['open', 'in_progress', 'blocked', 'completed', 'cancelled'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type ActionPriority = (typeof PRIORITIES)[number];

const MOVES: Record<ActionStatus, readonly ActionStatus[]> = {
  open: ['in_progress', 'blocked', 'cancelled'],
  in_progress: ['completed', 'blocked', 'cancelled'],
  blocked: ['open', 'in_progress', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const allowedMoves = (from: string): readonly ActionStatus[] => MOVES[from as ActionStatus] ?? [];
export const canMove = (from: string, to: string) => allowedMoves(from).includes(to as ActionStatus);
export const isClosed = (status: string) => status === 'completed' || status === 'cancelled';
/** Still to be done: neither completed nor cancelled (blocked ones included). */
export const OPEN_ACTION_STATUSES = ACTION_STATUSES.filter((s) => !isClosed(s));

/** Past its due time and still to be done. */
export const isOverdue = (a: { status: string; due_at: Date | null }, now: Date) =>
  a.due_at !== null && a.due_at.getTime() < now.getTime() && !isClosed(a.status);

/** Completion needs notes or evidence (specification: completing records completion evidence). */
export function completionProblem(input: {
  completion_notes?: string | null;
  evidence_refs?: unknown[] | null;
}): string | null {
  const notes = input.completion_notes?.trim() ?? '';
  const evidence = input.evidence_refs ?? [];
  return notes || evidence.length
    ? null
    : 'Completing an action needs completion_notes or at least one evidence_refs item.';
}
