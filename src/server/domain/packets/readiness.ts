import type { EnforceabilityCheck } from '../judgments/enforceability';
import type { PacketFamily } from './families';

/**
 * Readiness of a packet (API-CONTRACT §14): pure rules, one table per type, each check citing
 * its reason. A packet is ready when no check fails; `review` checks are surfaced but do not
 * block (a reviewer reads them before approving).
 */
export type CheckStatus = 'pass' | 'fail' | 'review';
export interface Check {
  check: string;
  status: CheckStatus;
  reason: string;
}
export interface Readiness {
  ready: boolean;
  missing_items: string[];
  checks: Check[];
}

export interface RecipientFacts {
  counterparty_name: string;
  channel_type: string;
  usable_by_operator: boolean;
  usable_by_counsel: boolean;
  usable_by_law_enforcement: boolean;
  authorized_submitter_required: boolean;
}

/** The exchange a packet's wallets point to (domain/packets/recipient-target.ts), for exchange-addressed families. */
export interface RecipientTarget {
  exchange: string | null;
  basis: string;
  others: string[];
}

export interface ReadinessInput {
  type: PacketFamily;
  packet_type: string;
  sender_roles: readonly string[];
  /** Source types of the packet's own source_refs. */
  source_types: readonly string[];
  /** The legal authority grant: its basis, source types, and whether it is in effect now. */
  grant: { basis: string; source_types: readonly string[]; in_effect: boolean };
  /** The judgment cited, with its enforceability checks (judgments/enforceability.ts). */
  judgment: { present: boolean; status: string | null; checks?: readonly EnforceabilityCheck[] };
  wallets: readonly { address: string; category: string }[];
  recipient: RecipientFacts | null;
  /** Restraint the attorney of record issues without a court order in the judgment's forum
   *  (N.Y. CPLR 5222(a) restraining notice, 735 ILCS 5/2-1402 citation), if any. */
  attorney_restraint?: { citation: string; summary: string } | null;
  /** Set for packets addressed to an exchange: where the wallets' hypotheses point. */
  recipient_target?: RecipientTarget | null;
}

interface Rule {
  check: string;
  /** Which families the rule applies to. */
  applies: (t: PacketFamily) => boolean;
  run: (i: ReadinessInput) => Omit<Check, 'check'>;
  /** What a user must supply when the rule fails. */
  missing: string;
}

/** Families whose packets only counsel may send (API-CONTRACT §14). */
export const COUNSEL_ONLY: readonly PacketFamily[] = [
  'vasp_legal_process',
  'exchange_turnover',
  'turnover_workflow',
  'law_enforcement_referral',
];
/** Families that rest on a court order (a `court_order` source or grant). */
export const COURT_ORDER_REQUIRED: readonly PacketFamily[] = [
  'exchange_freeze',
  'exchange_turnover',
  'turnover_workflow',
];
/** Families addressed to an exchange about specific wallets. */
const WALLET_FAMILIES: readonly PacketFamily[] = [
  'exchange_intercept',
  'exchange_freeze',
  'exchange_turnover',
  'turnover_workflow',
];

const isCounsel = (roles: readonly string[]) => roles.includes('counsel');
const lawEnforcementOnly = (r: RecipientFacts) =>
  r.usable_by_law_enforcement && !r.usable_by_operator && !r.usable_by_counsel;
const all = () => true;
const among = (list: readonly PacketFamily[]) => (t: PacketFamily) => list.includes(t);

const RULES: Rule[] = [
  {
    check: 'legal_authority',
    applies: all,
    missing: 'an authority grant in effect on the matter',
    run: (i) =>
      i.grant.in_effect
        ? { status: 'pass', reason: `The ${i.grant.basis} grant cited as legal authority is in effect.` }
        : {
            status: 'fail',
            reason: 'The authority grant cited as legal authority is no longer in effect (revoked or expired).',
          },
  },
  {
    check: 'judgment',
    applies: (t) => t !== 'law_enforcement_referral',
    missing: 'a judgment of the matter (judgment_id)',
    run: (i) => {
      if (!i.judgment.present)
        return {
          status: 'fail',
          reason: "The packet cites no judgment; a creditor's request rests on the entered judgment.",
        };
      return { status: 'pass', reason: 'The packet cites the entered judgment.' };
    },
  },
  {
    check: 'counsel_sender',
    applies: among(COUNSEL_ONLY),
    missing: 'a sender with the counsel role (authorized_sender)',
    run: (i) =>
      isCounsel(i.sender_roles)
        ? { status: 'pass', reason: `Only counsel may send a ${i.type} packet; the sender holds the counsel role.` }
        : {
            status: 'fail',
            reason: `Only counsel may send a ${i.type} packet; the sender's roles (${i.sender_roles.join(', ') || 'none'}) do not include counsel.`,
          },
  },
  {
    check: 'court_order',
    applies: among(COURT_ORDER_REQUIRED),
    missing: 'a court_order source, or a court_order authority grant',
    run: (i) => {
      if (i.grant.basis === 'court_order') return { status: 'pass', reason: 'The legal authority is a court order.' };
      if (i.source_types.includes('court_order') || i.grant.source_types.includes('court_order'))
        return { status: 'pass', reason: 'A court order is among the sources.' };
      if (i.type === 'exchange_freeze' && i.attorney_restraint)
        return {
          status: 'pass',
          reason: `No court order is needed: the forum lets the attorney of record restrain the account (${i.attorney_restraint.citation}).`,
        };
      return {
        status: 'fail',
        reason: `A ${i.type} request needs a court order (a court_order source or grant); none is cited.`,
      };
    },
  },
  {
    check: 'proof_of_control',
    applies: among(['turnover_workflow']),
    missing: 'proof-of-control evidence (a proof_of_control source)',
    run: (i) =>
      i.source_types.includes('proof_of_control')
        ? { status: 'pass', reason: 'Proof-of-control evidence is among the sources.' }
        : {
            status: 'fail',
            reason:
              'A self-custody turnover needs proof-of-control evidence (a proof_of_control source) tying the debtor to the wallets.',
          },
  },
  {
    check: 'wallets',
    applies: among(WALLET_FAMILIES),
    missing: 'at least one wallet address',
    run: (i) => {
      if (!i.wallets.length)
        return { status: 'fail', reason: `A ${i.type} request names the wallets it concerns; none is given.` };
      const sanctioned = i.wallets.filter((w) => w.category === 'sanctioned');
      if (sanctioned.length)
        return {
          status: 'fail',
          reason: `${sanctioned.length} wallet(s) are on the OFAC list; they go through sanctions review, not ordinary collection.`,
        };
      return { status: 'pass', reason: `${i.wallets.length} wallet(s) named, none on the OFAC list.` };
    },
  },
  {
    check: 'recipient_channel',
    applies: among(['law_enforcement_referral']),
    missing: 'a recipient channel usable by counsel or operators',
    run: (i) => {
      if (!i.recipient)
        return {
          status: 'review',
          reason:
            'No recipient relationship yet; the referral must go through a channel usable by counsel, never a law-enforcement-only one.',
        };
      if (lawEnforcementOnly(i.recipient))
        return {
          status: 'fail',
          reason: `${i.recipient.counterparty_name} (${i.recipient.channel_type}) is a law-enforcement-only channel; the service never uses one.`,
        };
      return { status: 'pass', reason: `${i.recipient.counterparty_name} accepts referrals from counsel.` };
    },
  },
  {
    check: 'recipient_exchange',
    applies: all,
    missing: 'a relationship with the exchange the wallets point to',
    run: (i) => {
      const t = i.recipient_target;
      if (!t) return { status: 'pass', reason: 'The packet is not addressed to an exchange holding the funds.' };
      if (!t.exchange)
        return {
          status: 'review',
          reason: `${t.basis} The packet has no recipient until one does; no other exchange is chosen in its place.`,
        };
      const split = t.others.length ? ` Other hypotheses point to ${t.others.join(', ')}.` : '';
      if (!i.recipient)
        return {
          status: 'fail',
          reason: `No relationship for ${t.exchange} takes ${i.type} packets: ${t.basis} The packet is not addressed to another exchange.${split}`,
        };
      return {
        status: t.others.length ? 'review' : 'pass',
        reason: `Addressed to ${i.recipient.counterparty_name} (${i.recipient.channel_type}). ${t.basis}${split}`,
      };
    },
  },
  {
    check: 'sender_capacity',
    applies: among(['law_enforcement_referral']),
    missing: 'a sender presented as counsel, not law enforcement',
    run: (i) =>
      i.sender_roles.some((r) => /law.?enforcement|police|agent/i.test(r))
        ? {
            status: 'fail',
            reason: 'The sender is presented as law enforcement; the service never impersonates law enforcement.',
          }
        : {
            status: 'pass',
            reason: 'The referral presents the sender as counsel for the judgment creditor, never as law enforcement.',
          },
  },
  {
    check: 'authorized_submitter',
    applies: all,
    missing: 'a counsel sender for a channel that requires an authorized submitter',
    run: (i) => {
      if (!i.recipient?.authorized_submitter_required)
        return { status: 'pass', reason: 'The recipient channel does not require an authorized submitter.' };
      return isCounsel(i.sender_roles)
        ? {
            status: 'pass',
            reason: `${i.recipient.counterparty_name} requires an authorized submitter; the sender is counsel.`,
          }
        : {
            status: 'fail',
            reason: `${i.recipient.counterparty_name} requires an authorized submitter; the sender is not counsel.`,
          };
    },
  },
];

/** Without the judgment's facts (a caller that has only its status), the status alone decides. */
function statusOnly(status: string | null): EnforceabilityCheck[] {
  const bar: Record<string, string> = {
    stayed: 'a judgment no stay bars (wait out or lift the stay)',
    vacated: 'a judgment that is not vacated',
    satisfied: 'an unsatisfied judgment (this one is satisfied)',
  };
  if (!status || !bar[status]) return [];
  return [
    {
      check: `judgment_not_${status}`,
      status: 'fail',
      reason: `The judgment is ${status}; enforcement requests cannot go out while it is.`,
      missing: bar[status],
    },
  ];
}

/** Runs the rules of the packet's type. */
export function packetReadiness(i: ReadinessInput): Readiness {
  const checks: Check[] = [];
  const missing: string[] = [];
  for (const r of RULES) {
    if (!r.applies(i.type)) continue;
    const out = r.run(i);
    checks.push({ check: r.check, ...out });
    if (out.status === 'fail')
      missing.push(
        r.check === 'recipient_exchange' && i.recipient_target?.exchange
          ? `a relationship with ${i.recipient_target.exchange} that takes ${i.type} packets (no relationship for ${i.recipient_target.exchange})`
          : r.missing,
      );
    // Every request resting on the judgment needs it enforceable: each failing fact is its own item.
    if (r.check === 'judgment' && i.judgment.present) {
      for (const c of i.judgment.checks ?? statusOnly(i.judgment.status)) {
        checks.push({ check: c.check, status: c.status, reason: c.reason });
        if (c.status === 'fail') missing.push(c.missing);
      }
    }
  }
  return { ready: missing.length === 0, missing_items: missing, checks };
}
