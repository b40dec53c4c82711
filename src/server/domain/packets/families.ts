/**
 * The packet families of API-CONTRACT §14: the creation path names the family (`type`), and
 * `packet_type` names the request within it; omitted, it takes the first value.
 */
export const PACKET_FAMILIES = {
  exchange_intercept: {
    path: 'exchange-intercept',
    title: 'Exchange intercept',
    packet_types: ['preservation', 'freeze', 'information_request', 'turnover', 'remittance'],
  },
  vasp_legal_process: {
    path: 'vasp-legal-process',
    title: 'VASP legal process',
    packet_types: ['subpoena', 'records_request', 'preservation', 'vasp_response'],
  },
  exchange_freeze: { path: 'exchange-freeze', title: 'Exchange freeze', packet_types: ['freeze', 'hold'] },
  exchange_turnover: { path: 'exchange-turnover', title: 'Exchange turnover', packet_types: ['turnover'] },
  turnover_workflow: {
    path: 'turnover-workflow',
    title: 'Self-custody turnover workflow',
    packet_types: ['self_custody_turnover'],
  },
  sanctions_review: { path: 'sanctions-review', title: 'Sanctions review', packet_types: ['sanctions_evidence'] },
  law_enforcement_referral: {
    path: 'law-enforcement-referral',
    title: 'Law-enforcement referral',
    packet_types: ['referral'],
  },
} as const satisfies Record<string, { path: string; title: string; packet_types: readonly string[] }>;

export type PacketFamily = keyof typeof PACKET_FAMILIES;
export const PACKET_TYPES = Object.keys(PACKET_FAMILIES) as [PacketFamily, ...PacketFamily[]];
/** Every family's `packet_type` values, once each: the closed set a packet may carry. */
export const PACKET_SUBTYPES = [...new Set(Object.values(PACKET_FAMILIES).flatMap((f) => f.packet_types))] as [
  string,
  ...string[],
];

/** The `packet_type` of a request: the given one when the family has it, else an error message. */
export function resolvePacketType(
  family: PacketFamily,
  given: string | undefined,
): { ok: true; value: string } | { ok: false; message: string } {
  const allowed: readonly string[] = PACKET_FAMILIES[family].packet_types;
  if (given === undefined) return { ok: true, value: allowed[0] };
  if (allowed.includes(given)) return { ok: true, value: given };
  return {
    ok: false,
    message: `packet_type '${given}' is not a ${family} request; use one of: ${allowed.join(', ')}.`,
  };
}

/** What each request asks of its recipient, in the words the packet uses. */
export const REQUEST_TEXT: Record<string, string> = {
  preservation:
    'Preserve all records and balances of the accounts associated with the listed wallets pending legal process.',
  freeze: 'Freeze the balances of the accounts associated with the listed wallets under the cited authority.',
  information_request:
    'Provide account-holder and transaction information for the accounts associated with the listed wallets.',
  turnover: 'Turn over the restrained balances to the judgment creditor as the cited order directs.',
  remittance: 'Remit the restrained balances to the designated account as the cited order directs.',
  subpoena: 'Produce the records called for by the subpoena served with this packet.',
  records_request: 'Produce KYC, account and transaction records of the accounts associated with the listed wallets.',
  vasp_response: "Record of the VASP's response to legal process previously served.",
  hold: 'Place a temporary hold on withdrawals from the accounts associated with the listed wallets.',
  self_custody_turnover:
    'Court-supervised turnover of self-custodied assets by the judgment debtor, with proof of control and a noncompliance tracker.',
  sanctions_evidence: 'Sanctions evidence for blocked-property review.',
  referral: 'Referral of the facts below to the competent authority for its independent consideration.',
};
