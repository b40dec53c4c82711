import type { AuthorityGrant, Judgment, Packet } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import type { PacketFamily } from '../../domain/packets/families';
import { packetReadiness, type ReadinessInput, type RecipientTarget } from '../../domain/packets/readiness';
import { isoDate } from '../../domain/judgments/dates';
import { judgmentEnforceability } from '../../domain/judgments/enforceability';
import { resolveRules } from '../../domain/judgments/jurisdiction-rules';
import { inEffect } from '../matters/authority-status';
import { today } from '../judgments/rules-context';
import type { Recipient } from './recipient';

const typesOf = (refs: unknown) =>
  (Array.isArray(refs) ? refs : []).map((r) => String((r as { source_type?: unknown }).source_type ?? ''));

/** The facts the readiness rules read, from loaded rows. */
export function readinessInput(a: {
  type: PacketFamily;
  packet_type: string;
  sender_roles: string[];
  source_refs: unknown;
  grant: AuthorityGrant | null;
  judgment: Judgment | null;
  wallets: { address: string; category: string }[];
  recipient: Recipient | null;
  recipient_target?: RecipientTarget | null;
}): ReadinessInput {
  return {
    type: a.type,
    packet_type: a.packet_type,
    sender_roles: a.sender_roles,
    source_types: typesOf(a.source_refs),
    grant: a.grant
      ? { basis: a.grant.basis, source_types: typesOf(a.grant.source_refs), in_effect: inEffect(a.grant) }
      : { basis: 'none', source_types: [], in_effect: false },
    judgment: {
      present: !!a.judgment,
      status: a.judgment?.status ?? null,
      checks: a.judgment ? enforceabilityOf(a.judgment) : [],
    },
    wallets: a.wallets,
    recipient: a.recipient,
    attorney_restraint: a.judgment ? attorneyRestraint(a.judgment.jurisdiction) : null,
    recipient_target: a.recipient_target ?? null,
  };
}

/** The forum's attorney-issued restraint (restraining notice, citation to discover assets), if any. */
function attorneyRestraint(jurisdiction: string) {
  const p = resolveRules(jurisdiction).attorney_issued_process.find(
    (x) => x.tool === 'restraining_notice' || x.tool === 'citation_to_discover_assets',
  );
  return p ? { citation: p.citation, summary: p.summary } : null;
}

/** The judgment's enforceability checks as of today (validated, not satisfied, stayed, ...). */
export function enforceabilityOf(j: Judgment) {
  return judgmentEnforceability(
    {
      status: j.status,
      type: j.type,
      date_entered: isoDate(j.date_entered),
      appeal_stay_status: j.appeal_stay_status,
      bankruptcy_status: j.bankruptcy_status,
      assignment_status: j.assignment_status,
      renewal_deadline: j.renewal_deadline ? isoDate(j.renewal_deadline) : null,
    },
    resolveRules(j.jurisdiction),
    today(),
  );
}

/**
 * Readiness of a stored packet as of now: the grant may have been revoked, the judgment
 * stayed or the sender's roles changed since it was created, so approval re-reads them.
 */
export async function currentReadiness(ctx: Ctx, db: Db, p: Packet) {
  const [grant, judgment, sender] = await Promise.all([
    db.authorityGrant.findFirst({ where: { id: p.legal_authority_id, org_id: ctx.org.id, env: ctx.env } }),
    p.judgment_id ? db.judgment.findFirst({ where: { id: p.judgment_id, org_id: ctx.org.id, env: ctx.env } }) : null,
    db.user.findFirst({ where: { id: p.sender_user_id, org_id: ctx.org.id } }),
  ]);
  const wallets = (p.contents as { wallets?: { address: string; category: string }[] }).wallets ?? [];
  return packetReadiness(
    readinessInput({
      type: p.type as PacketFamily,
      packet_type: p.packet_type,
      sender_roles: sender && sender.status !== 'disabled' ? sender.roles : [],
      source_refs: p.source_refs,
      grant,
      judgment,
      wallets,
      recipient: p.recipient as Recipient | null,
      // Stored with the contents when the packet was drafted (its wallets' hypotheses then).
      recipient_target: (p.contents as { recipient_target?: RecipientTarget | null }).recipient_target ?? null,
    }),
  );
}
