import type { Action } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam, invalidTransition } from '../../errors';
import { newId } from '../../ids';
import {
  allowedMoves,
  canMove,
  completionProblem,
  isClosed,
  type ActionStatus,
} from '../../domain/actions/action-status';
import { recordChange } from '../audit/append';
import { loadWritableMatter } from '../matters/access';
import { loadMatterUser } from '../users/matter-user';
import { eventData } from '../judgments/serialize';
import { checkLinkedAlert, checkLinkedPacket } from './links';
import { findAction, lockAction } from './load';
import { actionOut } from './serialize';

/** Owners work the action: a user of the organization who sees the matter and may write actions. */
export const checkOwner = (ctx: Ctx, db: Db, ownerId: string, matterId: string) =>
  loadMatterUser(ctx, db, ownerId, matterId, 'owner_id', 'actions:write');

export interface CreateActionInput {
  matter_id: string;
  type: string;
  title: string;
  campaign_id?: string | null;
  owner_id?: string | null;
  priority?: string;
  due_at?: string | null;
  linked_packet_id?: string | null;
  linked_alert_id?: string | null;
  requirements?: string[];
}

/** The row of a new action (shared by create and by actions made from a plan). */
export async function insertAction(ctx: Ctx, tx: Tx, input: CreateActionInput & { plan_step?: number }) {
  if (input.owner_id) await checkOwner(ctx, tx, input.owner_id, input.matter_id);
  if (input.linked_packet_id) await checkLinkedPacket(ctx, tx, input.linked_packet_id, input.matter_id);
  if (input.linked_alert_id) await checkLinkedAlert(ctx, tx, input.linked_alert_id, input.matter_id);
  const a = await tx.action.create({
    data: {
      id: newId('action'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: input.matter_id,
      campaign_id: input.campaign_id || null,
      plan_step: input.plan_step ?? null,
      type: input.type,
      title: input.title,
      owner_id: input.owner_id ?? null,
      priority: input.priority ?? 'normal',
      due_at: input.due_at ? new Date(input.due_at) : null,
      linked_packet_id: input.linked_packet_id ?? null,
      linked_alert_id: input.linked_alert_id ?? null,
      requirements: input.requirements ?? [],
    },
  });
  const out = actionOut(a);
  await recordChange(ctx, tx, {
    event_type: 'action.created',
    object_type: 'action',
    object_id: a.id,
    matter_id: a.matter_id,
    details: {
      type: a.type,
      title: a.title,
      owner_id: a.owner_id,
      priority: a.priority,
      campaign_id: a.campaign_id,
      due_at: out.due_at,
    },
    data: eventData(out),
  });
  return { row: a, out };
}

/** Creates an action on a matter (gated; the wrapper has checked authority on `matter_id`). */
export async function createAction(ctx: Ctx, tx: Tx, input: CreateActionInput) {
  await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  return (await insertAction(ctx, tx, input)).out;
}

/** One action with its requirements, links and completion evidence. */
export async function getAction(ctx: Ctx, db: Db, id: string) {
  return actionOut(await findAction(ctx, db, id));
}

function assertOpenForChange(a: Action) {
  if (isClosed(a.status)) {
    throw new ApiError('invalid_state_transition', `Action ${a.id} is ${a.status}; it accepts no further changes.`, {
      details: { current: a.status, allowed: [] },
    });
  }
}

export interface ActionPatch {
  title?: string;
  status?: ActionStatus;
  priority?: string;
  owner_id?: string | null;
  due_at?: string | null;
  campaign_id?: string | null;
  requirements?: string[];
}

/**
 * Updates an action (gated). Status moves follow the state machine (409
 * invalid_state_transition names the current state and the allowed moves); completing goes
 * through `complete`, which records the evidence. A completed or cancelled action is final.
 */
export async function updateAction(ctx: Ctx, tx: Tx, id: string, patch: ActionPatch) {
  const a = await lockAction(ctx, tx, id);
  await loadWritableMatter(ctx, tx, a.matter_id);
  assertOpenForChange(a);
  if (patch.status === 'completed') {
    throw invalidParam(
      'status',
      `Complete an action with POST /v1/actions/${a.id}/complete, which records its completion notes or evidence.`,
    );
  }
  const move = patch.status && patch.status !== a.status ? patch.status : undefined;
  if (move && !canMove(a.status, move)) throw invalidTransition('action', a.status, move, allowedMoves(a.status));
  if (patch.owner_id) await checkOwner(ctx, tx, patch.owner_id, a.matter_id);
  const updated = await tx.action.update({
    where: { id: a.id },
    data: {
      title: patch.title,
      status: move,
      priority: patch.priority,
      owner_id: patch.owner_id,
      due_at: patch.due_at === undefined ? undefined : patch.due_at ? new Date(patch.due_at) : null,
      campaign_id: patch.campaign_id === undefined ? undefined : patch.campaign_id || null,
      requirements: patch.requirements,
    },
  });
  const out = actionOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'action.updated',
    object_type: 'action',
    object_id: a.id,
    matter_id: a.matter_id,
    details: { changed: Object.keys(patch), ...(move ? { status: { from: a.status, to: move } } : {}) },
    data: eventData(out),
  });
  return out;
}

/** Assigns an open action to a user who can see its matter (gated); writes action.assigned. */
export async function assignAction(ctx: Ctx, tx: Tx, id: string, input: { owner_id: string; notes?: string | null }) {
  const a = await lockAction(ctx, tx, id);
  await loadWritableMatter(ctx, tx, a.matter_id);
  assertOpenForChange(a);
  await checkOwner(ctx, tx, input.owner_id, a.matter_id);
  const updated = await tx.action.update({ where: { id: a.id }, data: { owner_id: input.owner_id } });
  const out = actionOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'action.assigned',
    object_type: 'action',
    object_id: a.id,
    matter_id: a.matter_id,
    details: { from: a.owner_id, to: input.owner_id, ...(input.notes ? { notes: input.notes } : {}) },
    data: eventData(out),
  });
  return out;
}

/**
 * Completes an in-progress action (gated) with completion notes or evidence (400
 * parameter_missing without either). Its audit event (specification) carries the notes and
 * the evidence, and action.completed goes out in the same transaction.
 */
export async function completeAction(
  ctx: Ctx,
  tx: Tx,
  id: string,
  input: { completion_notes?: string | null; evidence_refs?: object[] },
) {
  const a = await lockAction(ctx, tx, id);
  await loadWritableMatter(ctx, tx, a.matter_id);
  if (!canMove(a.status, 'completed')) throw invalidTransition('action', a.status, 'completed', allowedMoves(a.status));
  const problem = completionProblem(input);
  if (problem) throw new ApiError('parameter_missing', problem, { param: 'completion_notes' });
  const notes = input.completion_notes?.trim() || null;
  const evidence = input.evidence_refs ?? [];
  const updated = await tx.action.update({
    where: { id: a.id },
    data: {
      status: 'completed',
      completion_notes: notes,
      evidence_refs: evidence,
      completed_at: new Date(),
      completed_by: ctx.actor.id,
    },
  });
  const out = actionOut(updated);
  await recordChange(ctx, tx, {
    event_type: 'action.completed',
    object_type: 'action',
    object_id: a.id,
    matter_id: a.matter_id,
    details: { from: a.status, completion_notes: notes, evidence_refs: evidence, completed_by: ctx.actor.id },
    data: eventData(out),
  });
  return out;
}
