import type { AuthorityGrant, Claimant, Matter } from '@/generated/prisma/client';
import { authorityStatus, grantStatus, type GrantLike } from './authority-status';
import type { CollectionPaused } from '../sanctions/pause';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A matter as answered; `paused` is its sanctions pause (services/sanctions/pause.ts), shown
 *  wherever the matter is, so nobody works a paused matter as if it were open. */
export function matterOut(m: Matter, grants: GrantLike[], paused: CollectionPaused | null) {
  return {
    object: 'matter' as const,
    matter_id: m.id,
    name: m.name,
    mode: m.mode,
    status: m.status,
    organization_id: m.org_id,
    environment: m.env,
    lead_counsel: m.lead_counsel,
    economics: m.economics,
    notes: m.notes,
    retention_policy: m.retention_policy,
    authority_status: authorityStatus(grants),
    collection_paused: paused,
    closed_reason: m.closed_reason,
    closed_at: iso(m.closed_at),
    created_at: m.created_at.toISOString(),
    updated_at: m.updated_at.toISOString(),
  };
}

export function grantOut(g: AuthorityGrant) {
  return {
    object: 'authority_grant' as const,
    authority_id: g.id,
    matter_id: g.matter_id,
    basis: g.basis,
    granted_by: g.granted_by,
    holder_user_id: g.holder_user_id,
    status: grantStatus(g),
    effective_at: g.effective_at.toISOString(),
    expires_at: iso(g.expires_at),
    source_refs: g.source_refs,
    notes: g.notes,
    created_at: g.created_at.toISOString(),
    revoked_at: iso(g.revoked_at),
  };
}

export function claimantOut(c: Claimant) {
  return {
    object: 'claimant' as const,
    claimant_id: c.id,
    matter_id: c.matter_id,
    name: c.name,
    role: c.role,
    economics: c.economics,
    source_refs: c.source_refs,
    review_state: c.review_state,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
