import type { Action } from '@/generated/prisma/client';
import { isOverdue } from '../../domain/actions/action-status';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The action resource (API-CONTRACT §16). `overdue` is computed at `now`, never stored. */
export function actionOut(a: Action, now = new Date()) {
  return {
    object: 'action' as const,
    action_id: a.id,
    matter_id: a.matter_id,
    campaign_id: a.campaign_id,
    type: a.type,
    title: a.title,
    owner_id: a.owner_id,
    priority: a.priority,
    status: a.status,
    due_at: iso(a.due_at),
    overdue: isOverdue(a, now),
    linked_packet_id: a.linked_packet_id,
    linked_alert_id: a.linked_alert_id,
    requirements: a.requirements as string[],
    completion_notes: a.completion_notes,
    evidence_refs: a.evidence_refs as unknown[],
    completed_at: iso(a.completed_at),
    created_at: a.created_at.toISOString(),
    updated_at: a.updated_at.toISOString(),
  };
}
