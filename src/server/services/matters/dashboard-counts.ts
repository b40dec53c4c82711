import { Prisma } from '@/generated/prisma/client';
import type { Db } from '../../context';
import { OPEN_ACTION_STATUSES } from '../../domain/actions/action-status';
import { OPEN_ALERT_STATUSES } from '../monitoring/alerts';

/**
 * The most rows any count of the matter dashboard reads. A count up to it is exact; past it the
 * dashboard shows the cap and names the figure in `capped_counts` ("more than 1,000").
 *
 * Why a cap and not maintained counters: a count that reads every row grows with the matter
 * (at 1,000,000 actions, alerts and claimants the four counts cost PostgreSQL about 460 ms per
 * dashboard). Counters kept beside the matter would be exact at any size, but every path that
 * raises an alert, moves an action or a packet, or adds a claimant (services, workers, the
 * scanner's INSERT … ON CONFLICT) would have to keep them in step, and each of those writes
 * would queue on the matter's counter row. The dashboard is a glance at what is left to work:
 * up to 1,000 the figure is exact, which is more open items than anyone works one by one; past
 * it the question is no longer "how many" but "which", and the lists (filtered by status,
 * keyset-paged, flat at any size) answer that. Each count reads at most 1,001 entries of an
 * index holding exactly the rows counted ((matter_id, status, id) for the status filters).
 * The cap sets the capped dashboard's cost: at 10,000, three of the counts took 11 ms of
 * PostgreSQL together at 1M rows, about what the rest of the dashboard costs; a count stopped
 * at 1,001 takes under 1 ms (docs/performance.md).
 */
export const DASHBOARD_COUNT_CAP = 1_000;

/** Packet statuses still in play (neither answered nor closed). */
export const OPEN_PACKET_STATUSES = ['draft', 'in_review', 'approved', 'sent'] as const;

export type CountName = 'open_actions' | 'open_packets' | 'alerts' | 'claimants';

/**
 * Rows of `from` (a table and its WHERE) up to `cap` + 1: the one past the cap tells a capped
 * figure from an exact one. The LIMIT inside the subquery stops the index scan there.
 */
async function upTo(db: Db, from: Prisma.Sql, cap: number): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} LIMIT ${cap + 1}) AS capped`;
  return row.n;
}

const statusIn = (statuses: readonly string[]) => Prisma.join([...statuses]);

/**
 * The dashboard's counts of one matter, each exact up to `cap`, with the names of those past it.
 * Filtered by matter id alone: the matter was loaded in the caller's organization and
 * environment, and its rows are its own, so the org/env columns (not in the index) need not be
 * read. Status lists are written out (IN, never NOT IN) so each is a few ranges of the
 * (matter_id, status, id) index.
 */
export async function dashboardCounts(db: Db, matterId: string, cap = DASHBOARD_COUNT_CAP) {
  const [open_actions, open_packets, alerts, claimants] = await Promise.all([
    upTo(db, Prisma.sql`actions WHERE matter_id = ${matterId} AND status IN (${statusIn(OPEN_ACTION_STATUSES)})`, cap),
    upTo(db, Prisma.sql`packets WHERE matter_id = ${matterId} AND status IN (${statusIn(OPEN_PACKET_STATUSES)})`, cap),
    upTo(db, Prisma.sql`alerts WHERE matter_id = ${matterId} AND status IN (${statusIn(OPEN_ALERT_STATUSES)})`, cap),
    upTo(db, Prisma.sql`claimants WHERE matter_id = ${matterId}`, cap),
  ]);
  const counts: Record<CountName, number> = { open_actions, open_packets, alerts, claimants };
  const capped = (Object.keys(counts) as CountName[]).filter((k) => counts[k] > cap);
  for (const k of capped) counts[k] = cap;
  return { counts, capped, cap };
}
