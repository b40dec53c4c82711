import type { Judgment } from '@/generated/prisma/client';
import type { Ctx, Db, Tx } from '../../context';
import { isoDate, toDate } from '../../domain/judgments/dates';
import { computeDeadlines } from '../../domain/judgments/deadlines';
import { newId } from '../../ids';
import { keysetPage, leadOf, listIndexes, listEnvelope, type PageArgs } from '../paging';
import { findJudgment } from './load';
import { deadlineInputOf, today } from './rules-context';
import { deadlineOut } from './serialize';

const day = (d: Date | null) => (d ? isoDate(d) : null);

/**
 * Recomputes a judgment's deadlines from the rules and keeps the rows in step: a row whose
 * kind and date still hold is kept (its explanation refreshed), a row whose date changed is
 * marked `superseded` and a new row is written, so the history of legal dates is never
 * rewritten. A vacated or satisfied judgment cancels its open deadlines.
 */
export async function syncDeadlines(ctx: Ctx, tx: Tx, j: Judgment, owner: string | null) {
  const open = await tx.judgmentDeadline.findMany({
    where: { judgment_id: j.id, status: 'open' },
    orderBy: { id: 'asc' },
  });
  if (j.status === 'vacated' || j.status === 'satisfied') {
    if (open.length)
      await tx.judgmentDeadline.updateMany({
        where: { id: { in: open.map((d) => d.id) } },
        data: { status: 'cancelled' },
      });
    return;
  }
  const specs = computeDeadlines(deadlineInputOf(j));
  const kept = new Set<string>();
  for (const s of specs) {
    const same = open.find((d) => !kept.has(d.id) && d.kind === s.kind && day(d.date) === s.date);
    const fields = {
      type: s.type,
      window_opens: s.window_opens ? toDate(s.window_opens) : null,
      title: s.title,
      description: s.description,
      legal_basis: s.legal_basis,
      source: s.source,
      review_required: s.review_required,
      review_reasons: s.review_reasons,
    };
    if (same) {
      kept.add(same.id);
      await tx.judgmentDeadline.update({ where: { id: same.id }, data: { ...fields, owner: same.owner ?? owner } });
    } else {
      await tx.judgmentDeadline.create({
        data: {
          id: newId('deadline'),
          org_id: ctx.org.id,
          env: ctx.env,
          matter_id: j.matter_id,
          judgment_id: j.id,
          kind: s.kind,
          date: s.date ? toDate(s.date) : null,
          owner,
          status: 'open',
          ...fields,
        },
      });
    }
  }
  const stale = open.filter((d) => !kept.has(d.id)).map((d) => d.id);
  if (stale.length)
    await tx.judgmentDeadline.updateMany({ where: { id: { in: stale } }, data: { status: 'superseded' } });
}

export const DEADLINE_LIST_STATUSES = ['open', 'passed', 'superseded', 'cancelled'] as const;

const DEADLINE_INDEXES = listIndexes('JudgmentDeadline', [['judgment_id', 'status'], ['judgment_id']]);

/**
 * A judgment's deadlines, newest first. Without `status` it lists the current ones (open and
 * passed); `passed` is an open row whose legal last day is behind us.
 */
export async function listDeadlines(
  ctx: Ctx,
  db: Db,
  judgmentId: string,
  q: PageArgs & { status?: string; type?: string },
) {
  const j = await findJudgment(ctx, db, judgmentId);
  const now = today();
  const t = toDate(now);
  const statusWhere =
    q.status === 'open'
      ? { status: 'open', OR: [{ date: null }, { date: { gte: t } }] }
      : q.status === 'passed'
        ? { status: 'open', date: { lt: t } }
        : q.status
          ? { status: q.status }
          : { status: 'open' };
  const { where, lead } = leadOf({ judgment_id: j.id, ...statusWhere, type: q.type }, DEADLINE_INDEXES);
  const page = await keysetPage(
    q,
    (a) => db.judgmentDeadline.findMany({ ...a, where: { ...a.where, ...where } }),
    lead,
  );
  return listEnvelope(page, `/v1/judgments/${j.id}/deadlines`, (d) => deadlineOut(d, now));
}

/** Current (open, upcoming or undated) deadlines for the judgment GET, soonest first. */
export async function upcomingDeadlines(db: Db, judgmentId: string) {
  const now = today();
  const rows = await db.judgmentDeadline.findMany({
    where: { judgment_id: judgmentId, status: 'open', OR: [{ date: null }, { date: { gte: toDate(now) } }] },
    orderBy: [{ date: 'asc' }, { id: 'asc' }],
  });
  return rows.map((d) => deadlineOut(d, now));
}
