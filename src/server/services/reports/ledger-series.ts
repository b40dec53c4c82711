import type { Matter } from '@/generated/prisma/client';
import type { Ctx, Db } from '../../context';
import { isoDate } from '../../domain/judgments/dates';
import { roundMoney } from '../../domain/judgments/decimal';
import { matterLedger } from '../ledger/balance';
import { today } from '../judgments/rules-context';

/** The chart's points at most: the first and last always, evenly spaced in between. */
const MAX_POINTS = 24;

/**
 * Recoveries against the balance over time, from the ledger: the cumulative recovered amount
 * and the outstanding balance (principal, interest and costs, less what recoveries paid) on
 * the day each judgment was entered, each ledger entry's day, and today. Each point is the
 * ledger engine's own figure as of that day, so the chart agrees with GET /v1/ledger.
 */
export async function recoverySeries(ctx: Ctx, db: Db, m: Matter) {
  const [judgments, entries] = await Promise.all([
    db.judgment.findMany({
      where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
      select: { date_entered: true },
    }),
    db.ledgerEntry.findMany({
      where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
      select: { occurred_at: true },
    }),
  ]);
  const end = today();
  const days = [
    ...new Set([...judgments.map((j) => isoDate(j.date_entered)), ...entries.map((e) => isoDate(e.occurred_at)), end]),
  ]
    .filter((d) => d <= end)
    .sort();
  const picked =
    days.length <= MAX_POINTS
      ? days
      : [
          ...new Set(
            Array.from({ length: MAX_POINTS }, (_, i) => days[Math.round((i * (days.length - 1)) / (MAX_POINTS - 1))]),
          ),
        ];
  const points = [];
  let currency = 'USD';
  for (const day of picked) {
    const l = await matterLedger(ctx, db, m, day);
    currency = l.currency;
    points.push({
      date: day,
      recovered: roundMoney(l.result.totals.recovered, currency).toFixed(),
      balance_outstanding: roundMoney(l.result.totals.balance_outstanding, currency).toFixed(),
    });
  }
  return { currency, points };
}
