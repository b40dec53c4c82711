import type { Matter } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { txQuery } from '../../db/transaction';
import { ApiError, invalidTransition } from '../../errors';
import { newId } from '../../ids';
import { recordChange } from '../audit/append';
import { keysetPage, listEnvelope, type PageArgs } from '../paging';
import { containsText } from '../text-filter';
import { loadWritableMatter, matterFilter } from './access';
import { matterOut } from './serialize';
import { loadMatterWithGrants } from './get-matter';

export const MATTER_MODES = ['small_judgment', 'enforcement'] as const;
export const MATTER_STATUSES = ['open', 'on_hold', 'closed'] as const;
export const CLOSE_REASONS = ['paid', 'settled', 'exhausted', 'stayed', 'administratively_closed'] as const;
/** open ⇄ on_hold by PATCH; closing only through POST …/close (it needs a reason). */
const PATCH_MOVES: Record<string, string[]> = { open: ['on_hold'], on_hold: ['open'], closed: [] };

const grantsOf = (db: Db, ids: string[]) =>
  db.authorityGrant.findMany({
    where: { matter_id: { in: ids } },
    select: { matter_id: true, status: true, effective_at: true, expires_at: true },
  });

/** Serializes matters with their authority status in one extra query (no N+1). */
async function withAuthority(db: Db, matters: Awaited<ReturnType<Db['matter']['findMany']>>) {
  const grants = matters.length
    ? await grantsOf(
        db,
        matters.map((m) => m.id),
      )
    : [];
  return matters.map((m) =>
    matterOut(
      m,
      grants.filter((g) => g.matter_id === m.id),
    ),
  );
}

export interface MatterInput {
  name: string;
  mode: string;
  lead_counsel?: string | null;
  economics?: Record<string, unknown>;
  notes?: string | null;
  retention_policy?: string | null;
}

/** Creates a matter: the container that authority, judgments and the audit chain hang on. */
export async function createMatter(ctx: Ctx, tx: Tx, input: MatterInput) {
  if (ctx.actor.matter_ids !== null) {
    throw new ApiError('matter_restricted_key', 'A key or user restricted to specific matters cannot create matters.');
  }
  const m = await insertMatter(tx, {
    id: newId('matter'),
    org_id: ctx.org.id,
    env: ctx.env,
    name: input.name,
    mode: input.mode,
    lead_counsel: input.lead_counsel ?? null,
    economics: JSON.stringify(input.economics ?? {}),
    notes: input.notes ?? null,
    retention_policy: input.retention_policy ?? null,
  });
  const out = matterOut(m, []);
  await recordChange(ctx, tx, {
    event_type: 'matter.created',
    object_type: 'matter',
    object_id: m.id,
    matter_id: m.id,
    details: { name: m.name, mode: m.mode },
    data: out,
  });
  return out;
}

/**
 * The matter's INSERT, sent by txQuery: `POST /v1/matters` is the write the service is
 * benchmarked on, and Prisma's create costs about a third of a millisecond of CPU more than the
 * driver for the same statement (bench:cpu). Every column is named and the row comes back
 * whole (RETURNING *), so the response is the stored row, economics in jsonb's order; its
 * columns read the same through pg and through Prisma (text, timestamptz, jsonb; see
 * hot-read.ts). created_at and updated_at are both the transaction's now().
 */
async function insertMatter(
  tx: Tx,
  v: Pick<Matter, 'id' | 'org_id' | 'env' | 'name' | 'mode' | 'lead_counsel' | 'notes' | 'retention_policy'> & {
    economics: string;
  },
): Promise<Matter> {
  const [m] = await txQuery<Matter>(
    tx,
    `INSERT INTO matters (id, org_id, env, name, mode, lead_counsel, economics, notes, retention_policy, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, now()) RETURNING *`,
    [v.id, v.org_id, v.env, v.name, v.mode, v.lead_counsel, v.economics, v.notes, v.retention_policy],
  );
  return m;
}

export async function getMatter(ctx: Ctx, db: Db, id: string) {
  const { matter, grants } = await loadMatterWithGrants(ctx, db, id);
  return matterOut(matter, grants);
}

export async function listMatters(ctx: Ctx, db: Db, q: PageArgs & { status?: string; mode?: string; name?: string }) {
  const page = await keysetPage(q, (a) =>
    db.matter.findMany({
      ...a,
      where: {
        ...a.where,
        org_id: ctx.org.id,
        env: ctx.env,
        ...(matterFilter(ctx) ? { id: { ...a.where.id, ...matterFilter(ctx) } } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.mode ? { mode: q.mode } : {}),
        ...(q.name ? { name: containsText(q.name) } : {}),
      },
    }),
  );
  const data = await withAuthority(db, page.data);
  return { ...listEnvelope(page, '/v1/matters', (x) => x), data };
}

export interface MatterPatch {
  name?: string;
  status?: string;
  lead_counsel?: string | null;
  economics?: Record<string, unknown>;
  retention_policy?: string | null;
  notes?: string | null;
}

export async function updateMatter(ctx: Ctx, tx: Tx, id: string, patch: MatterPatch) {
  const m = await loadWritableMatter(ctx, tx, id);
  if (patch.status && patch.status !== m.status) {
    if (patch.status === 'closed') {
      throw new ApiError(
        'invalid_state_transition',
        `Close a matter with POST /v1/matters/${m.id}/close and a reason. Allowed by PATCH from '${m.status}': ${PATCH_MOVES[m.status].join(', ')}.`,
        {
          details: { current: m.status, requested: 'closed', allowed: PATCH_MOVES[m.status] },
        },
      );
    }
    if (!PATCH_MOVES[m.status].includes(patch.status))
      throw invalidTransition('matter', m.status, patch.status, PATCH_MOVES[m.status]);
  }
  const updated = await tx.matter.update({
    where: { id: m.id },
    data: {
      ...patch,
      economics: patch.economics ? ({ ...(m.economics as object), ...patch.economics } as object) : undefined,
    },
  });
  const out = matterOut(updated, await grantsOf(tx, [m.id]));
  await recordChange(ctx, tx, {
    event_type: 'matter.updated',
    object_type: 'matter',
    object_id: m.id,
    matter_id: m.id,
    details: { changed: Object.keys(patch) },
    data: out,
  });
  return out;
}

export async function closeMatter(ctx: Ctx, tx: Tx, id: string, input: { reason: string; notes?: string | null }) {
  const m = await loadWritableMatter(ctx, tx, id);
  const updated = await tx.matter.update({
    where: { id: m.id },
    data: {
      status: 'closed',
      closed_reason: input.reason,
      closed_at: new Date(),
      ...(input.notes ? { notes: input.notes } : {}),
    },
  });
  const out = matterOut(updated, await grantsOf(tx, [m.id]));
  await recordChange(ctx, tx, {
    event_type: 'matter.closed',
    object_type: 'matter',
    object_id: m.id,
    matter_id: m.id,
    details: { reason: input.reason, previous_status: m.status },
    data: out,
  });
  return out;
}
