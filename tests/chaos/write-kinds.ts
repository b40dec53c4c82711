/**
 * The kinds of write the crash scenario mixes, by operation name. Each must be an `idem`
 * operation of the registry with a row in tests/helpers/fixtures.ts (which builds one valid
 * request, on a matter of its own) and must write an audit event. To cover a new module's
 * writes, add its operation names here.
 */
export const WRITE_KINDS: readonly string[] = [
  'createMatter',
  'createClaimant',
  'grantAuthority',
  'intakeJudgment',
  'createLedgerEntry',
  'createAuditEvent',
  'createExchangeInterceptPacket',
  'createAction',
  'createSandboxTransfer',
  'createCampaignBrief',
  'createClaimantUpdate',
  'createWatchlist',
  'addWatchlistAddresses',
  'createIssuerFreezePacket',
  'createDestinationWalletCertificate',
];
