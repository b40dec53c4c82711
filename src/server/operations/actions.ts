import { z } from 'zod';
import { defineOp } from './define';
import { arr, date, dateTime, idRef, listOf, listQuery, sourceRef, sourceRefOut, str, timestamp } from './schemas';
import { ACTION_STATUSES, PRIORITIES } from '../domain/actions/action-status';
import { STEP_TYPES } from '../domain/judgments/enforcement-plan';

/** The plan's step types, the contract's `renewal` example, and `custom`. */
const ACTION_TYPES = [...new Set([...STEP_TYPES, 'renewal', 'custom'])] as [string, ...string[]];

const action = z
  .object({
    object: z.literal('action'),
    action_id: z.string(),
    matter_id: z.string(),
    campaign_id: z.string().nullable(),
    type: z.enum(ACTION_TYPES),
    title: z.string(),
    owner_id: z.string().nullable(),
    priority: z.enum(PRIORITIES),
    status: z.enum(ACTION_STATUSES),
    due_at: timestamp().nullable(),
    overdue: z.boolean(),
    linked_packet_id: z.string().nullable(),
    linked_alert_id: z.string().nullable(),
    requirements: z.array(z.string()),
    completion_notes: z.string().nullable(),
    evidence_refs: z.array(sourceRefOut),
    completed_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({ id: 'Action', description: 'A step in the action queue: what to do on a matter, by whom and by when.' });

const title = () => z.string().trim().min(1).max(500);
const requirement = () => z.string().trim().min(1).max(2000);

/** The filters of API-CONTRACT §6 for actions; `due_*` take a date-time or a calendar date (UTC midnight). */
const due = () => z.union([dateTime(), date()]);
const filters = {
  owner_id: idRef('usr', 'a user').optional(),
  campaign_id: str(200).optional(),
  status: z.enum(ACTION_STATUSES).optional(),
  due_before: due().optional(),
  due_after: due().optional(),
  sort: z.enum(['due_at']).optional().describe('due_at: earliest due first, undated last (default: newest first)'),
};

export const createAction = defineOp('POST', '/v1/actions', {
  name: 'createAction',
  summary: 'Create an action on a matter (the owner must be a user who can see the matter)',
  body: z.strictObject({
    matter_id: str(100),
    type: z.enum(ACTION_TYPES).default('custom'),
    title: title(),
    campaign_id: str(200).nullable().optional(),
    owner_id: idRef('usr', 'a user').nullable().optional(),
    priority: z.enum(PRIORITIES).optional(),
    due_at: dateTime().nullable().optional(),
    linked_packet_id: idRef('pac', 'a packet').nullable().optional(),
    linked_alert_id: idRef('ale', 'an alert').nullable().optional(),
    requirements: arr(requirement()).optional(),
  }),
  response: action,
});

export const listActions = defineOp('GET', '/v1/actions', {
  name: 'listActions',
  summary: 'Actions, newest first or by due date, filtered by owner, matter, campaign, status and due date',
  query: listQuery({ matter_id: idRef('mtr', 'a matter').optional(), ...filters }),
  response: listOf(action),
});

export const getAction = defineOp('GET', '/v1/actions/{action_id}', {
  name: 'getAction',
  summary: 'One action with its requirements, status, linked packet or alert and completion evidence',
  response: action,
});

export const updateAction = defineOp('PATCH', '/v1/actions/{action_id}', {
  name: 'updateAction',
  summary: 'Change title, priority, owner, due date or status (completing goes through complete)',
  body: z.strictObject({
    title: title().optional(),
    status: z.enum(ACTION_STATUSES).optional(),
    priority: z.enum(PRIORITIES).optional(),
    owner_id: idRef('usr', 'a user').nullable().optional(),
    due_at: dateTime().nullable().optional(),
    campaign_id: str(200).nullable().optional(),
    requirements: arr(requirement()).optional(),
  }),
  response: action,
});

export const assignAction = defineOp('POST', '/v1/actions/{action_id}/assign', {
  name: 'assignAction',
  summary: 'Assign the action to a user of the organization who can see its matter',
  body: z.strictObject({ owner_id: idRef('usr', 'a user'), notes: str().nullable().optional() }),
  response: action,
});

export const completeAction = defineOp('POST', '/v1/actions/{action_id}/complete', {
  name: 'completeAction',
  summary: 'Complete an in-progress action with notes or evidence; writes its audit event and action.completed',
  body: z.strictObject({ completion_notes: str().nullable().optional(), evidence_refs: arr(sourceRef()).optional() }),
  response: action,
});

export const listMatterActions = defineOp('GET', '/v1/actions/matters/{matter_id}', {
  name: 'listMatterActions',
  summary: "The matter's actions, with the same filters and sort as the action list",
  query: listQuery(filters),
  response: listOf(action),
});
