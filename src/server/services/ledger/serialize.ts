import type { LedgerEntry } from '@/generated/prisma/client';
import { moneyJson } from '../../money';

export function entryOut(e: LedgerEntry) {
  return {
    object: 'ledger_entry' as const,
    entry_id: e.id,
    matter_id: e.matter_id,
    judgment_id: e.judgment_id,
    claimant_id: e.claimant_id,
    type: e.type,
    amount: moneyJson(e.amount, e.currency, e.valuation_time),
    description: e.description,
    occurred_at: e.occurred_at.toISOString(),
    created_at: e.created_at.toISOString(),
  };
}
