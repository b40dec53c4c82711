import type { Alert } from '@/generated/prisma/client';
import { holdTreatment } from '../../domain/sanctions/blocked-property';
import type { Ctx, Tx } from '../../context';
import { ApiError, invalidParam } from '../../errors';
import { requireScope } from '../../auth/require-scope';
import { allowedAlertMoves, canMoveAlert, type AlertStatus } from '../../domain/monitoring/alert-status';
import { PACKET_FAMILIES, type PacketFamily } from '../../domain/packets/families';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { assertMatterAuthority } from '../matters/gate';
import { assertCollectionNotPaused } from '../sanctions/pause';
import { insertAction } from '../actions/actions';
import { createPacket } from '../packets/create';
import { enforceabilityOf } from '../packets/readiness-inputs';
import { displayAddress } from '../crypto/wallet-inputs';
import { lockAlert } from './alerts';
import { alertOut, type StoredEvidence } from './serialize';

export interface TriageInput {
  status: AlertStatus;
  notes?: string | null;
  create_action?: boolean;
  create_packet_type?: Exclude<PacketFamily, 'sanctions_review'>;
  authorized_sender?: string;
  judgment_id?: string;
}

const PRIORITY: Record<string, string> = {
  critical: 'urgent',
  high: 'high',
  medium: 'normal',
  low: 'low',
  info: 'low',
};

/** The matter's grant in effect (the gate has just passed, so there is one). */
async function grantInEffect(ctx: Ctx, tx: Tx, matterId: string) {
  const now = new Date();
  const g = await tx.authorityGrant.findFirst({
    where: {
      matter_id: matterId,
      org_id: ctx.org.id,
      env: ctx.env,
      status: 'granted',
      effective_at: { lte: now },
      OR: [{ expires_at: null }, { expires_at: { gt: now } }],
    },
    orderBy: { effective_at: 'desc' },
  });
  if (!g)
    throw new ApiError('authority_required', `Matter ${matterId} has no authority grant in effect.`, {
      details: { matter_id: matterId },
    });
  return g;
}

/**
 * A draft packet from the alert, under the same rules as POST /v1/packets/<type>: the matter's
 * authority gate and, for collection packets, the sanctions pause. Its wallets are the watched
 * address and the counterparty; the transaction is its source.
 */
async function packetFromAlert(
  ctx: Ctx,
  tx: Tx,
  a: Alert,
  family: Exclude<PacketFamily, 'sanctions_review'>,
  sender: string | undefined,
  judgment: string | undefined,
) {
  await assertMatterAuthority(ctx, tx, a.matter_id);
  // As the creation path's gate: only a packet that would move property waits for the license.
  if (holdTreatment(PACKET_FAMILIES[family].packet_types[0]) === 'license_required')
    await assertCollectionNotPaused(ctx, tx, a.matter_id);
  const authorized = sender ?? ctx.actor.user_id;
  if (!authorized) {
    throw new ApiError(
      'parameter_missing',
      'create_packet_type needs authorized_sender (a user id) when the key is not bound to a user.',
      { param: 'authorized_sender' },
    );
  }
  const grant = await grantInEffect(ctx, tx, a.matter_id);
  const judgmentId = judgment ?? (await alertJudgment(ctx, tx, a.matter_id));
  const e = a.evidence as unknown as StoredEvidence;
  const wallets = e.transaction_hash
    ? [a.target, e.counterparty].filter((w): w is string => !!w).map(displayAddress)
    : [];
  return createPacket(ctx, tx, family, {
    matter_id: a.matter_id,
    judgment_id: judgmentId ?? undefined,
    authorized_sender: authorized,
    legal_authority_id: grant.id,
    wallets,
    source_refs: e.transaction_hash
      ? [{ source_type: 'blockchain_record', title: `Alert ${a.id}: ${a.type}`, hash: e.transaction_hash }]
      : [],
    notes: `From alert ${a.id}: ${a.reason}`,
  });
}

/**
 * The judgment a packet raised from an alert rests on: the matter's only enforceable judgment
 * (else its only judgment, whose readiness then names what is missing). With several to choose
 * from the caller must say which (400 naming them); with none the packet cites none and is not
 * ready.
 */
async function alertJudgment(ctx: Ctx, tx: Tx, matterId: string): Promise<string | null> {
  const all = await tx.judgment.findMany({
    where: { matter_id: matterId, org_id: ctx.org.id, env: ctx.env },
    orderBy: { id: 'asc' },
  });
  const enforceable = all.filter((j) => enforceabilityOf(j).every((c) => c.status === 'pass'));
  const pool = enforceable.length ? enforceable : all;
  if (pool.length <= 1) return pool[0]?.id ?? null;
  throw new ApiError(
    'parameter_missing',
    `Matter ${matterId} has ${pool.length} ${enforceable.length ? 'enforceable ' : ''}judgments; say which one the packet rests on with judgment_id (${pool.map((j) => `${j.id}: ${j.court} ${j.case_number}`).join('; ')}).`,
    { param: 'judgment_id', details: { judgment_ids: pool.map((j) => j.id) } },
  );
}

/**
 * The write scopes of what the triage derives: the operation itself needs only
 * `monitoring:write`, but a packet or an action drafted from the alert is the same write as
 * POST /v1/packets/<type> or POST /v1/actions and needs their scope (403 insufficient_scope).
 * requireScope judges a key by its scopes and a console user by their roles, so both
 * transports refuse alike.
 */
function assertDerivedScopes(ctx: Ctx, input: TriageInput) {
  if (input.create_packet_type) requireScope(ctx.actor, 'packets:write');
  if (input.create_action) requireScope(ctx.actor, 'actions:write');
}

/**
 * Triages an alert (API-CONTRACT §18): moves its status (§9; 409 invalid_state_transition
 * otherwise), keeps the notes and, on request, creates a linked action and/or a draft packet,
 * all in the request's one transaction. A refused packet (gate, collection pause, bad
 * reference) throws before the alert is written, so the alert is left exactly as it was.
 */
export async function triageAlert(ctx: Ctx, tx: Tx, id: string, input: TriageInput) {
  const a = await lockAlert(ctx, tx, id);
  await loadWritableMatter(ctx, tx, a.matter_id);
  // After the alert is found (another tenant's alert stays 404), before anything is written.
  assertDerivedScopes(ctx, input);
  if (!canMoveAlert(a.status, input.status) && a.status !== input.status) {
    throw new ApiError('invalid_state_transition', `Alert ${a.id} is ${a.status}; it cannot move to ${input.status}.`, {
      details: { current: a.status, allowed: allowedAlertMoves(a.status) },
    });
  }
  if (a.status === 'resolved') {
    throw new ApiError('invalid_state_transition', `Alert ${a.id} is resolved; it accepts no further triage.`, {
      details: { current: a.status, allowed: [] },
    });
  }
  if (input.create_action && a.linked_action_id)
    throw invalidParam('create_action', `Alert ${a.id} already has a linked action (${a.linked_action_id}).`);
  if (input.create_packet_type && a.linked_packet_id)
    throw invalidParam('create_packet_type', `Alert ${a.id} already has a linked packet (${a.linked_packet_id}).`);
  let packetId: string | null = null;
  if (input.create_packet_type)
    packetId = (await packetFromAlert(ctx, tx, a, input.create_packet_type, input.authorized_sender, input.judgment_id))
      .packet_id;
  let actionId: string | null = null;
  if (input.create_action) {
    const made = await insertAction(ctx, tx, {
      matter_id: a.matter_id,
      type: 'custom',
      title: `Alert (${a.type.replace(/_/g, ' ')}): ${a.reason}`.slice(0, 500),
      priority: PRIORITY[a.severity] ?? 'normal',
      linked_alert_id: a.id,
      linked_packet_id: packetId,
      requirements: input.notes ? [input.notes.slice(0, 2000)] : [],
    });
    actionId = made.row.id;
  }
  const updated = await tx.alert.update({
    where: { id: a.id },
    data: {
      status: input.status,
      notes: input.notes !== undefined ? input.notes : a.notes,
      triaged_by: ctx.actor.id,
      triaged_at: new Date(),
      ...(actionId ? { linked_action_id: actionId } : {}),
      ...(packetId ? { linked_packet_id: packetId } : {}),
    },
  });
  const out = alertOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'alert.triaged',
    object_type: 'alert',
    object_id: a.id,
    matter_id: a.matter_id,
    details: {
      from: a.status,
      to: input.status,
      notes: out.notes,
      linked_action_id: actionId,
      linked_packet_id: packetId,
    },
    data: out,
  });
  return out;
}
