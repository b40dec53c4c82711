import type { ContactLog, Counterparty, Relationship } from '@/generated/prisma/client';
import { isLawEnforcementOnly } from '../../domain/relationships/channel-rules';

export function contactLogOut(c: ContactLog) {
  return {
    object: 'contact_log' as const,
    contact_log_id: c.id,
    relationship_id: c.relationship_id,
    counterparty_id: c.counterparty_id,
    matter_id: c.matter_id,
    authorized_sender: c.authorized_sender,
    contact_type: c.contact_type,
    packet_id: c.packet_id,
    outcome: c.outcome,
    notes: c.notes,
    created_at: c.created_at.toISOString(),
  };
}

/** The relationship resource (API-CONTRACT §16); `law_enforcement_only` states the channel rule's reading. */
export function relationshipOut(r: Relationship, cp: Counterparty, history: ContactLog[] = []) {
  return {
    object: 'relationship' as const,
    relationship_id: r.id,
    counterparty_id: cp.id,
    counterparty_type: cp.type,
    counterparty_name: cp.name,
    channel_type: r.channel_type,
    usable_by_operator: r.usable_by_operator,
    usable_by_counsel: r.usable_by_counsel,
    usable_by_law_enforcement: r.usable_by_law_enforcement,
    authorized_submitter_required: r.authorized_submitter_required,
    law_enforcement_only: isLawEnforcementOnly(r),
    packet_types_supported: r.packet_types_supported,
    risk_level: r.risk_level,
    notes: r.notes,
    contact_history: history.map(contactLogOut),
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
