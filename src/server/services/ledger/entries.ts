import type { Ctx, Db, Tx } from '../../context';
import { ApiError, invalidParam, notFound } from '../../errors';
import { isId, newId } from '../../ids';
import { dec, sum } from '../../domain/judgments/decimal';
import { recordChange } from '../audit/append';
import { loadOwned, loadWritableMatter } from '../matters/access';
import { eventData } from '../judgments/serialize';
import { ledgerCurrency } from './balance';
import { entryOut } from './serialize';

export const ENTRY_TYPES = ['recovery', 'cost', 'fee', 'distribution', 'adjustment'] as const;

export interface EntryInput {
  matter_id: string;
  judgment_id?: string | null;
  claimant_id?: string | null;
  type: (typeof ENTRY_TYPES)[number];
  amount: { amount: string; currency: string; valuation_time?: string };
  description: string;
  occurred_at: string;
}

/** Clock skew tolerated on occurred_at before it counts as "in the future". */
const SKEW_MS = 5 * 60_000;

/**
 * Records a ledger entry (gated, 201). Entries are immutable: a correction is a new
 * `adjustment` (signed; it corrects a judgment's principal). Other types are positive. The
 * matter row is locked so concurrent writers see each other's entries, which keeps
 * distributions within the recoveries actually received.
 */
export async function createLedgerEntry(ctx: Ctx, tx: Tx, input: EntryInput) {
  const m = await loadWritableMatter(ctx, tx, input.matter_id, 'matter_id');
  await tx.$queryRaw`SELECT id FROM matters WHERE id = ${m.id} FOR UPDATE`;
  const amount = dec(input.amount.amount);
  if (input.type === 'adjustment' ? amount.isZero() : !amount.gt(0)) {
    throw invalidParam(
      'amount.amount',
      input.type === 'adjustment'
        ? 'An adjustment amount cannot be zero.'
        : `A ${input.type} amount must be greater than zero; use an adjustment for corrections.`,
    );
  }
  if (new Date(input.occurred_at).getTime() > Date.now() + SKEW_MS)
    throw invalidParam('occurred_at', 'occurred_at cannot be in the future.');
  const judgments = await tx.judgment.findMany({
    where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
    orderBy: { id: 'asc' },
  });
  const judgment = input.judgment_id ? judgments.find((j) => j.id === input.judgment_id) : null;
  if (input.judgment_id && !judgment) throw notFound('judgment', input.judgment_id, 'judgment_id');
  if (input.claimant_id) {
    const c = isId('claimant', input.claimant_id)
      ? await tx.claimant.findFirst({
          where: { id: input.claimant_id, matter_id: m.id, org_id: ctx.org.id, env: ctx.env },
          select: { id: true },
        })
      : null;
    if (!c) throw notFound('claimant', input.claimant_id, 'claimant_id');
  }
  const currency = judgment?.currency ?? ledgerCurrency(m, judgments);
  if (input.amount.currency !== currency) {
    throw invalidParam(
      'amount.currency',
      `Ledger entries for this ${judgment ? 'judgment' : 'matter'} are in ${currency}; convert the amount (valuation_time records the rate's time).`,
    );
  }
  const prior = await tx.ledgerEntry.findMany({
    where: { matter_id: m.id, org_id: ctx.org.id, env: ctx.env, currency },
  });
  const total = (t: string, jid?: string) =>
    sum(prior.filter((e) => e.type === t && (jid === undefined || e.judgment_id === jid)).map((e) => dec(e.amount)));
  if (input.type === 'distribution') {
    const available = total('recovery').minus(total('distribution'));
    if (amount.gt(available)) {
      throw new ApiError(
        'conflict',
        `The distribution of ${amount.toFixed()} ${currency} exceeds the undistributed recoveries (${available.toFixed()} ${currency}).`,
        {
          details: { undistributed: available.toFixed() },
        },
      );
    }
  }
  if (
    input.type === 'adjustment' &&
    judgment &&
    dec(judgment.amount).plus(total('adjustment', judgment.id)).plus(amount).lt(0)
  ) {
    throw invalidParam('amount.amount', 'The adjustment would make the judgment principal negative.');
  }
  const e = await tx.ledgerEntry.create({
    data: {
      id: newId('ledger_entry'),
      org_id: ctx.org.id,
      env: ctx.env,
      matter_id: m.id,
      judgment_id: judgment?.id ?? null,
      claimant_id: input.claimant_id ?? null,
      type: input.type,
      amount: amount.toFixed(),
      currency,
      valuation_time: input.amount.valuation_time ? new Date(input.amount.valuation_time) : null,
      description: input.description,
      occurred_at: new Date(input.occurred_at),
    },
  });
  const out = entryOut(e);
  await recordChange(ctx, tx, {
    event_type: 'ledger_entry.created',
    object_type: 'ledger_entry',
    object_id: e.id,
    matter_id: m.id,
    details: { type: e.type, amount: e.amount.toFixed(), currency, judgment_id: e.judgment_id },
    data: eventData(out),
  });
  return out;
}

/** One ledger entry; another tenant's or another matter's (for a restricted key) is 404. */
export async function getLedgerEntry(ctx: Ctx, db: Db, id: string) {
  const e = await loadOwned(ctx, 'ledger entry', id, isId('ledger_entry', id), () =>
    db.ledgerEntry.findFirst({ where: { id, org_id: ctx.org.id, env: ctx.env } }),
  );
  return entryOut(e);
}
