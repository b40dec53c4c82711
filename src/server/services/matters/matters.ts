import type { Matter } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import type { Ctes } from '../../db/transaction';
import { inJsonbOrder } from '../../json';
import { ApiError, invalidTransition } from '../../errors';
import { newId } from '../../ids';
import { recordChange, type AuditInput } from '../audit/append';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { containsText } from '../text-filter';
import { loadWritableMatter, matterFilter } from './access';
import { matterOut } from './serialize';
import { loadMatterWithGrants } from './get-matter';
import { matterPause, matterPauses } from '../sanctions/pause';
import { matterChanged } from './matter-cache';

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

/** Serializes matters with their authority status and sanctions pause in a fixed number of
 *  queries per page (no N+1). */
async function withAuthority(ctx: Ctx, db: Db, matters: Awaited<ReturnType<Db['matter']['findMany']>>) {
  const ids = matters.map((m) => m.id);
  const [grants, pauses] = ids.length
    ? await Promise.all([grantsOf(db, ids), matterPauses(ctx, db, ids)])
    : [[], new Map()];
  return matters.map((m) =>
    matterOut(
      m,
      grants.filter((g) => g.matter_id === m.id),
      pauses.get(m.id)?.collection_paused ?? null,
    ),
  );
}

const pausedOf = async (ctx: Ctx, db: Db, id: string) => (await matterPause(ctx, db, id)).collection_paused;

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
  const m = newMatterRow(ctx, input);
  const out = matterOut(m, [], null);
  await recordChange(ctx, tx, matterCreated(m, out));
  return out;
}

/**
 * A new matter's audit input: its `matter.created` event with `data`, and its row's INSERT in
 * the same statement (AuditInput.write). The benchmark's write floor records the same.
 */
export function matterCreated(m: Matter, data: object): AuditInput & { data: object } {
  return {
    event_type: 'matter.created',
    object_type: 'matter',
    object_id: m.id,
    matter_id: m.id,
    details: { name: m.name, mode: m.mode },
    data,
    write: matterInsert(m),
  };
}

/** A new matter's row, whole: every column given, as its INSERT (matterInsert) writes it. */
export function newMatterRow(ctx: Pick<Ctx, 'org' | 'env'>, input: MatterInput): Matter {
  const now = new Date();
  return {
    id: newId('matter'),
    org_id: ctx.org.id,
    env: ctx.env,
    name: input.name,
    mode: input.mode,
    status: 'open',
    lead_counsel: input.lead_counsel ?? null,
    economics: inJsonbOrder(input.economics ?? {}) as Matter['economics'],
    notes: input.notes ?? null,
    retention_policy: input.retention_policy ?? null,
    closed_reason: null,
    closed_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * The new matter's INSERT, as a WITH entry of the statement that appends its audit and outbox
 * events and goes out with COMMIT: `POST /v1/matters` is the write the service is benchmarked
 * on, and Prisma's create was a round trip and a third of a millisecond of CPU of its own. The
 * response is built from the row before it is written, so the row is given whole (every
 * column, no database default) and economics in the order jsonb keeps (inJsonbOrder): it is
 * byte for byte what a read of the matter answers. Its columns are the keys of a Prisma
 * Matter, so a column added to the model must be given a value before this builds.
 */
const matterInsert =
  (m: Matter): Ctes =>
  (p) => {
    const columns = Object.keys(m) as (keyof Matter)[];
    const values = columns.map((c) => {
      const v = m[c];
      if (v instanceof Date) return `${p.add(v.toISOString())}::timestamptz`;
      return c === 'economics' ? `${p.add(JSON.stringify(v))}::jsonb` : p.add(v);
    });
    return `matter_row AS (INSERT INTO matters (${columns.join(', ')}) VALUES (${values.join(', ')}))`;
  };

export async function getMatter(ctx: Ctx, db: Db, id: string) {
  const { matter, grants, screened } = await loadMatterWithGrants(ctx, db, id);
  // The hot read says whether any screen of the matter found something; only then is the
  // pause worked out (most matters have none, and their read stays one round trip).
  return matterOut(matter, grants, screened ? await pausedOf(ctx, db, matter.id) : null);
}

const MATTER_INDEXES = listIndexes('Matter', [
  ['org_id', 'env', 'status'],
  ['org_id', 'env'],
]);

export async function listMatters(ctx: Ctx, db: Db, q: PageArgs & { status?: string; mode?: string; name?: string }) {
  const { where, lead } = leadOf({ org_id: ctx.org.id, env: ctx.env, status: q.status }, MATTER_INDEXES);
  const page = await keysetPage(
    q,
    (a) =>
      db.matter.findMany({
        ...a,
        where: {
          ...a.where,
          ...where,
          ...(matterFilter(ctx) ? { id: { ...a.where.id, ...matterFilter(ctx) } } : {}),
          ...(q.mode ? { mode: q.mode } : {}),
          ...(q.name ? { name: containsText(q.name) } : {}),
        },
      }),
    lead,
  );
  const data = await withAuthority(ctx, db, page.data);
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
  matterChanged(tx, m.id);
  const out = matterOut(updated, await grantsOf(tx, [m.id]), await pausedOf(ctx, tx, m.id));
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
  matterChanged(tx, m.id);
  const out = matterOut(updated, await grantsOf(tx, [m.id]), await pausedOf(ctx, tx, m.id));
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
