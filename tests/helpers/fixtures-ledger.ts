/** Fixture rows of the Ledger folder (spread into the table in fixtures.ts). */
import type { Fixture } from './fixtures';

export const ledgerFixtures: Record<string, Fixture> = {
  createLedgerEntry: {
    level: 'matter',
    build: async (k) => {
      // The claimant needs no authority, so the gate check still sees a matter without a grant.
      const m = await k.matter();
      const { claimant_id } = await k.claimant(m);
      return {
        path: '/v1/ledger/entries',
        body: {
          matter_id: m,
          claimant_id,
          type: 'cost',
          amount: { amount: '125.50', currency: 'USD', valuation_time: '2024-07-01T00:00:00Z' },
          description: 'Process server fee',
          occurred_at: '2024-07-01T09:30:00Z',
        },
        matterId: m,
      };
    },
  },
  getLedgerEntry: {
    level: 'matter',
    build: async (k) => {
      const e = await k.ledgerEntry();
      return { path: `/v1/ledger/entries/${e.entry_id}`, matterId: e.matter_id };
    },
  },
  getLedgerBalance: {
    level: 'matter',
    build: async (k) => {
      const e = await k.ledgerEntry();
      return { path: `/v1/ledger/matters/${e.matter_id}`, matterId: e.matter_id };
    },
  },
};
