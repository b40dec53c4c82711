import { resolveRules } from '../../src/server/domain/judgments/jurisdiction-rules';
import type { GateInput } from '../../src/server/domain/judgments/validation-gates';
import { SDN_DATASET } from '../../src/server/domain/sanctions/sdn-list';
import { OFAC_ADDRESS_DATASET } from '../../src/server/domain/sanctions/addresses';

/** Validation-gate input on which every gate passes: a California judgment, clear screens. */
export const baseGateInput = (): GateInput => ({
  today: '2025-01-15',
  judgment: {
    date_entered: '2024-06-03',
    type: 'standard',
    appeal_stay_status: 'none',
    bankruptcy_status: 'none',
    source_refs: [{ source_type: 'judgment' }],
    renewal_deadline: null,
  },
  rules: resolveRules('US-CA'),
  authority: { status: 'granted', basis: 'engagement_letter', granted_by: 'GC' },
  claimants: [{ name: 'Acme', role: 'creditor', source_refs: [] }],
  consumer_debt: false,
  bankruptcy_known: null,
  appeal_stay_known: null,
  // A complete, current list: the dataset caveats of the shipped copy are tested in sanctions-domain.
  sanctions: {
    debtor: { name: 'Dana Doe', matches: [] },
    wallets: [],
    recorded: null,
    datasets: {
      names: { ...SDN_DATASET, as_of: '2025-01-10', gaps: null },
      addresses: { ...OFAC_ADDRESS_DATASET, as_of: '2025-01-10' },
    },
  },
  checks: null,
});
