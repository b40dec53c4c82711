import { z } from 'zod';
import { defineOp } from './define';
import { date, dateTime, listOf, moneyIn, moneyOut, str, timestamp } from './schemas';
import { ENTRY_TYPES } from '../services/ledger/entries';

const entry = z
  .object({
    object: z.literal('ledger_entry'),
    entry_id: z.string(),
    matter_id: z.string(),
    judgment_id: z.string().nullable(),
    claimant_id: z.string().nullable(),
    type: z.enum(ENTRY_TYPES),
    amount: moneyOut,
    description: z.string(),
    occurred_at: timestamp(),
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({ id: 'LedgerEntry', description: 'An immutable ledger entry; a correction is a new adjustment.' });

export const createLedgerEntry = defineOp('POST', '/v1/ledger/entries', {
  name: 'createLedgerEntry',
  summary: 'Record an immutable ledger entry (a correction is a new adjustment)',
  body: z.strictObject({
    matter_id: str(100),
    judgment_id: str(100).nullable().optional(),
    claimant_id: str(100).nullable().optional(),
    type: z.enum(ENTRY_TYPES),
    amount: moneyIn(),
    description: z.string().trim().min(1).max(2000),
    occurred_at: dateTime(),
  }),
  response: entry,
});

export const getLedgerEntry = defineOp('GET', '/v1/ledger/entries/{entry_id}', {
  name: 'getLedgerEntry',
  summary: 'One ledger entry',
  response: entry,
});

export const getLedgerBalance = defineOp('GET', '/v1/ledger/matters/{matter_id}', {
  name: 'getLedgerBalance',
  summary:
    "The matter's ledger balance: principal, interest per jurisdiction, costs, recoveries (interest first), distributions",
  query: z.strictObject({ as_of: date().optional() }),
  response: z.object({
    object: z.literal('ledger_balance'),
    matter_id: z.string(),
    currency: z.string(),
    judgment_principal: moneyOut,
    accrued_interest: moneyOut,
    costs: moneyOut,
    recovered: moneyOut,
    distributed: moneyOut,
    balance_outstanding: moneyOut,
    as_of: z.string(),
    interest_basis: z.array(z.record(z.string(), z.unknown())),
    allocation: z.object({ interest_paid: moneyOut, principal_paid: moneyOut, costs_paid: moneyOut }),
    fees: moneyOut,
    undistributed: moneyOut,
    overpayment: moneyOut,
    review_required: z.boolean(),
    entries: listOf(entry).omit({ audit_ref: true }),
  }),
});
