/**
 * The action queue's query input, shared by the page (server prefetch) and the queue (client
 * read): both must build the very same input, or the prefetched data would sit under another key.
 */
import type { Tone } from '../ui';
import { ACTION_STATUSES } from '@/server/domain/actions/action-status';

export const QUEUE_PAGE = 50;
export { ACTION_STATUSES };

export interface QueueSearch {
  /** 'mine': owner is the signed-in user; 'team': everyone's. */
  queue: 'mine' | 'team';
  status?: string;
  matter_id?: string;
  campaign_id?: string;
  due_before?: string;
  starting_after?: string;
}

export function queueInput(s: QueueSearch, me: string) {
  return {
    limit: QUEUE_PAGE,
    sort: 'due_at' as const,
    ...(s.queue === 'mine' ? { owner_id: me } : {}),
    ...(s.status ? { status: s.status as (typeof ACTION_STATUSES)[number] } : {}),
    ...(s.matter_id ? { matter_id: s.matter_id } : {}),
    ...(s.campaign_id ? { campaign_id: s.campaign_id } : {}),
    ...(s.due_before ? { due_before: s.due_before } : {}),
    ...(s.starting_after ? { starting_after: s.starting_after } : {}),
  };
}

export const PRIORITY_TONE: Record<string, Tone> = { urgent: 'red', high: 'amber', normal: 'blue', low: 'slate' };
export const ACTION_TONE: Record<string, Tone> = {
  open: 'blue',
  in_progress: 'amber',
  blocked: 'red',
  completed: 'green',
  cancelled: 'slate',
};

/**
 * Where the queue opens a linked object: the packet page (src/app/(console)/packets/[id]);
 * the alert page is built by the monitoring branch.
 */
export const packetHref = (id: string) => `/packets/${id}`;
export const alertHref = (id: string) => `/alerts/${id}`;

/** The queue's keyboard shortcuts, shown on the page and handled by the queue. */
export const SHORTCUTS: [string, string][] = [
  ['j / k', 'Move to the next / previous action'],
  ['x', 'Select or unselect the current action (for bulk assignment)'],
  ['s', 'Start the current action (open or blocked → in progress)'],
  ['c', 'Complete the current action (opens the completion form)'],
  ['a', 'Assign the current action (focuses its owner picker)'],
  ['o', 'Open the linked packet or alert'],
  ['m / t', 'Switch to My queue / Team queue'],
  ['Esc', 'Close the completion form'],
];
