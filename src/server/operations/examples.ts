/**
 * One working example request per operation, keyed by operation name. The Postman collection
 * (`npm run postman`) is generated from this table and runs it in order on a fresh sandbox,
 * and the reference shows the bodies. `npm run postman` fails for a registered operation
 * without a row here, so a module that registers an operation adds its row.
 *
 * - `{{name}}` is a collection variable: a path parameter defaults to the variable of the same
 *   name (`{matter_id}` → `{{matter_id}}`); `capture` sets variables from the response, each a
 *   JavaScript expression over `body`. Postman's dynamic variables (`{{$guid}}`) work too.
 * - Within a folder, requests run in this table's order; folders run in operations.json's order,
 *   so a row may use what an earlier folder captured (`matter_id`, `judgment_id` …).
 * - `before` runs setup requests first (in the pre-request script), for an operation that
 *   would otherwise spend an object a later request needs (closing the matter, revoking its
 *   only grant).
 */
import { PREFIXES } from '../ids';

/**
 * A stand-in id of the shape a `{{name}}` variable holds, for schema checks and the reference:
 * `{{matter_id}}` → `mtr_…`, `{{counsel_user_id}}` → `usr_…` (the kind the name ends with).
 */
export function exampleId(name: string): string {
  const prefix = idPrefixOf(name);
  return `${prefix ?? name.replace(/_id$/, '')}_0Vbkx4t500YuF6A03ptsYLl2`;
}

/** Field names whose id kind is not their stem (`entry_id` is a ledger entry's `led_…`). */
const ID_ALIASES: Record<string, keyof typeof PREFIXES> = {
  entry: 'ledger_entry',
  review: 'sanctions_review',
  sanctions_review: 'sanctions_review',
  key: 'api_key',
  authority: 'authority_grant',
  map: 'asset_map',
};

/** The id prefix a field or path parameter named `<kind>_id` carries, or null for another name. */
export function idPrefixOf(name: string): string | null {
  if (!name.endsWith('_id')) return null;
  const base = name.replace(/_id$/, '').replace(/^(extra|closing|child|rolled|parent|linked)_/, '');
  const kind =
    ID_ALIASES[base] ??
    (Object.keys(PREFIXES) as (keyof typeof PREFIXES)[]).find(
      (k) => k === base || k.startsWith(base) || base.endsWith(k),
    );
  return kind ? PREFIXES[kind] : null;
}

export interface ExampleStep {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  capture: Record<string, string>;
}

export interface OpExample {
  path?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  capture?: Record<string, string>;
  before?: ExampleStep[];
  /**
   * The answer the example shows instead of the operation's success, for an operation whose
   * precondition only the console can create (a counsel decision): the status, error code and why.
   */
  expect?: { status: number; code: string; why: string };
}

const SOURCE = {
  source_type: 'engagement_letter',
  title: 'Engagement letter 2026-11-01',
  uri: 'https://docs.example/el.pdf',
};
const JUDGMENT_REF = { source_type: 'judgment', title: 'Entered judgment', uri: 'https://docs.example/judgment.pdf' };
const INTEREST = { rate_pct: '4.74', basis: '1-year CMT weekly average, week ending 2023-02-24' };
const MATTER = {
  name: 'Acme Capital v. Harbor Lane Widgets',
  mode: 'enforcement',
  economics: { contingency_fee_pct: 25, currency: 'USD' },
};
const COURT_ORDER = { source_type: 'court_order', title: 'Turnover order', uri: 'https://docs.example/order.pdf' };
const PROOF = {
  source_type: 'proof_of_control',
  title: 'Signed message from the debtor wallet',
  uri: 'https://docs.example/poc.txt',
};
/** A Coinbase deposit address of the shipped exchange labels (not on the OFAC list). */
const COINBASE_WALLET = '0x02466e547bfdab679fc49e96bbfc62b9747d997c';
/** Labelled "Binance 9" on Ethereum (data/labels). */
const BINANCE_9 = '0x001866ae5b3de6caa5a51543fd9fb64f524f5478';
/** A debtor wallet on the sandbox chain (synthetic transfers below fund it). */
const DEBTOR_WALLET = '0x5eed00000000000000000000000000000000d0b7';
/** A Lazarus Group (SDN, DPRK3) address of the shipped OFAC list. */
const LAZARUS_ETH = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const packet = (packet_type: string) => ({
  matter_id: '{{matter_id}}',
  judgment_id: '{{judgment_id}}',
  packet_type,
  wallets: [COINBASE_WALLET],
  authorized_sender: '{{counsel_user_id}}',
  legal_authority_id: '{{authority_id}}',
  source_refs: [SOURCE, COURT_ORDER, PROOF],
  notes: 'Debtor deposits traced to the exchange',
});

export const EXAMPLES: Record<string, OpExample> = {
  // Health
  getHealth: {},
  getCapabilities: {},

  // Organizations: the caller's own organization is the one in the list without a parent.
  listOrganizations: { capture: { org_id: 'body.data.find((o) => !o.parent_id).organization_id' } },
  createOrganization: {
    body: { name: 'Harbor Recovery Partners', type: 'partner', retention_policy: '7 years' },
    capture: { child_org_id: 'body.organization_id' },
  },
  getOrganization: { path: { organization_id: '{{org_id}}' } },
  updateOrganization: { path: { organization_id: '{{org_id}}' }, body: { retention_policy: '7 years after closing' } },

  // API Keys: roll a key, then revoke the rolled one.
  issueApiKey: {
    path: { organization_id: '{{org_id}}' },
    body: { name: 'Read-only reporting key', scopes: ['matters:read', 'judgments:read'] },
    capture: { key_id: 'body.key_id' },
  },
  listApiKeys: { path: { organization_id: '{{org_id}}' }, query: { limit: '10' } },
  rollApiKey: { path: { organization_id: '{{org_id}}' }, body: {}, capture: { rolled_key_id: 'body.key_id' } },
  revokeApiKey: { path: { organization_id: '{{org_id}}', key_id: '{{rolled_key_id}}' }, body: {} },

  // Users
  inviteUser: {
    path: { organization_id: '{{org_id}}' },
    body: { email: 'analyst-{{$guid}}@example.test', name: 'Dana Analyst', roles: ['analyst'] },
    capture: { user_id: 'body.user_id' },
  },
  listUsers: { path: { organization_id: '{{org_id}}' } },
  updateUser: { path: { organization_id: '{{org_id}}' }, body: { name: 'Dana Q. Analyst', roles: ['viewer'] } },

  // Matters
  createMatter: { body: { ...MATTER, lead_counsel: 'J. Counsel' }, capture: { matter_id: 'body.matter_id' } },
  listMatters: { query: { status: 'open', limit: '10' } },
  getMatter: {},
  updateMatter: { body: { notes: 'Debtor located; assets under review.' } },
  getMatterDashboard: {},
  grantAuthority: {
    body: { basis: 'engagement_letter', granted_by: 'Acme Capital GC', source_refs: [SOURCE] },
    capture: { authority_id: 'body.authority_id' },
  },
  listAuthorityGrants: {},
  revokeAuthorityGrant: {
    before: [
      {
        method: 'POST',
        path: '/v1/matters/{{matter_id}}/authority',
        body: { basis: 'power_of_attorney', granted_by: 'Acme Capital GC', source_refs: [SOURCE] },
        capture: { extra_authority_id: 'body.authority_id' },
      },
    ],
    path: { authority_id: '{{extra_authority_id}}' },
    body: { reason: 'Superseded by the engagement letter' },
  },
  closeMatter: {
    before: [
      {
        method: 'POST',
        path: '/v1/matters',
        body: { name: 'Settled matter', mode: 'small_judgment' },
        capture: { closing_matter_id: 'body.matter_id' },
      },
    ],
    path: { matter_id: '{{closing_matter_id}}' },
    body: { reason: 'paid', notes: 'Paid in full' },
  },

  // Claimants
  createClaimant: {
    body: { name: 'Acme Capital LLC', role: 'creditor', economics: { share_pct: 100 }, source_refs: [SOURCE] },
    capture: { claimant_id: 'body.claimant_id' },
  },
  listClaimants: {},
  getClaimant: {},
  updateClaimant: { body: { economics: { share_pct: 90 } } },

  // Judgments
  intakeJudgment: {
    body: {
      matter_id: '{{matter_id}}',
      court: 'U.S. District Court, S.D.N.Y.',
      case_number: '1:23-cv-{{$randomInt}}',
      jurisdiction: 'US-FED-NY',
      creditor: 'Acme Capital LLC',
      debtor: 'Harbor Lane Widgets LLC',
      amount: { amount_decimal: '100000.00', currency: 'USD' },
      date_entered: '2023-03-01',
      type: 'standard',
      source_refs: [JUDGMENT_REF],
      consumer_debt: false,
      post_judgment_interest: INTEREST,
    },
    capture: { judgment_id: 'body.judgment_id' },
  },
  getJudgment: {},
  updateJudgment: {
    body: { appeal_stay_status: 'none', bankruptcy_status: 'none', review_state: { review_owner: 'J. Counsel' } },
  },
  validateJudgment: { body: { consumer_debt: false, bankruptcy_known: false, appeal_stay_known: false } },
  listJudgmentDeadlines: {},
  setEnforcementProfile: { body: { profile: 'measured', notes: 'Counsel approved a measured posture' } },
  createEnforcementPlan: {
    body: {
      profile: 'assertive',
      constraints: {
        consumer_debt: false,
        bankruptcy_known: false,
        appeal_stay_known: false,
        sanctions_review_required: false,
      },
      known_wallets: ['0x02466e547bfdab679fc49e96bbfc62b9747d997c'],
      known_exchanges: ['Coinbase'],
    },
  },
  listJudgments: { query: { matter_id: '{{matter_id}}' } },

  // Ledger
  createLedgerEntry: {
    body: {
      matter_id: '{{matter_id}}',
      claimant_id: '{{claimant_id}}',
      type: 'cost',
      amount: { amount_decimal: '350.00', currency: 'USD' },
      description: 'Filing fee',
      occurred_at: '2024-07-01T00:00:00Z',
    },
    capture: { entry_id: 'body.entry_id' },
  },
  getLedgerEntry: {},
  getLedgerBalance: { query: { as_of: '2026-01-01' } },

  // Packets: a counsel sender first; the sanctions-review packet screens an OFAC address, so it
  // runs on a matter of its own (a match pauses ordinary collection on its matter).
  createExchangeInterceptPacket: {
    before: [
      {
        method: 'POST',
        path: '/v1/organizations/{{org_id}}/users',
        body: { email: 'counsel-{{$guid}}@example.test', name: 'J. Counsel', roles: ['counsel'] },
        capture: { counsel_user_id: 'body.user_id' },
      },
    ],
    body: packet('preservation'),
    capture: { packet_id: 'body.packet_id' },
  },
  createVaspLegalProcessPacket: { body: packet('records_request') },
  createExchangeFreezePacket: { body: packet('freeze') },
  createExchangeTurnoverPacket: { body: packet('turnover') },
  createTurnoverWorkflowPacket: { body: packet('self_custody_turnover') },
  createLawEnforcementReferralPacket: { body: packet('referral') },
  getPacket: {},
  listPackets: { query: { matter_id: '{{matter_id}}', type: 'exchange_intercept' } },
  updatePacket: {
    body: { status: 'in_review', notes: 'Ready for counsel', review_state: { review_owner: 'J. Counsel' } },
  },
  exportPacket: { body: { format: 'json', redaction_profile: 'external' }, capture: { export_id: 'body.export_id' } },
  getExport: {},
  createPacketSanctionsReview: {
    before: [
      {
        method: 'POST',
        path: '/v1/matters',
        body: { name: 'Sanctions review matter', mode: 'enforcement' },
        capture: { sanctions_matter_id: 'body.matter_id' },
      },
      {
        method: 'POST',
        path: '/v1/matters/{{sanctions_matter_id}}/authority',
        body: { basis: 'engagement_letter', granted_by: 'Acme Capital GC', source_refs: [SOURCE] },
        capture: { sanctions_authority_id: 'body.authority_id' },
      },
    ],
    body: {
      matter_id: '{{sanctions_matter_id}}',
      wallets: [LAZARUS_ETH],
      packet_type: 'sanctions_evidence',
      source_refs: [{ source_type: 'blockchain_record', title: 'Etherscan export' }],
      notes: 'Debtor paid a listed address',
    },
  },

  // Relationships: a channel to an exchange that takes intercept and freeze packets.
  createRelationship: {
    body: {
      counterparty_type: 'exchange',
      counterparty_name: 'Coinbase, Inc.',
      channel_type: 'legal_process_portal',
      usable_by_operator: true,
      usable_by_counsel: true,
      usable_by_law_enforcement: false,
      authorized_submitter_required: false,
      packet_types_supported: ['exchange_intercept', 'exchange_freeze'],
      risk_level: 'low',
      notes: 'Legal process portal',
    },
    capture: { relationship_id: 'body.relationship_id', counterparty_id: 'body.counterparty_id' },
  },
  listRelationships: { query: { counterparty_type: 'exchange' } },
  getRelationship: {},
  updateRelationship: { body: { risk_level: 'medium', notes: 'Answers within 10 business days' } },
  createContactLog: {
    body: {
      matter_id: '{{matter_id}}',
      authorized_sender: '{{counsel_user_id}}',
      contact_type: 'portal_submission',
      packet_id: '{{packet_id}}',
      outcome: 'sent',
      notes: 'Submitted via the portal',
    },
  },
  getCounterparty: {},

  // Actions: created, started, assigned, completed.
  createAction: {
    body: {
      matter_id: '{{matter_id}}',
      type: 'vasp_legal_process',
      title: 'Serve a subpoena on the exchange',
      owner_id: '{{counsel_user_id}}',
      priority: 'high',
      due_at: '2030-01-15T17:00:00Z',
      linked_packet_id: '{{packet_id}}',
      requirements: ['Court order on file'],
    },
    capture: { action_id: 'body.action_id' },
  },
  listActions: { query: { matter_id: '{{matter_id}}', sort: 'due_at' } },
  getAction: {},
  updateAction: { body: { status: 'in_progress', priority: 'urgent' } },
  assignAction: { body: { owner_id: '{{counsel_user_id}}', notes: 'Counsel serves it' } },
  completeAction: { body: { completion_notes: 'Served on 2030-01-10', evidence_refs: [SOURCE] } },
  listMatterActions: { query: { status: 'completed' } },

  // Crypto: synthetic transfers on the sandbox chain fund the debtor wallet, which pays an exchange.
  createSandboxTransfer: {
    before: [
      {
        method: 'POST',
        path: '/v1/sandbox/chain/transfers',
        body: {
          network: 'ethereum',
          from_address: '0x5eed000000000000000000000000000000000001',
          to_address: DEBTOR_WALLET,
          asset: 'USDT',
          amount: '2500',
        },
        capture: {},
      },
    ],
    body: { network: 'ethereum', from_address: DEBTOR_WALLET, to_address: BINANCE_9, asset: 'USDT', amount: '400' },
  },
  createAssetMap: {
    body: {
      matter_id: '{{matter_id}}',
      wallets: [DEBTOR_WALLET],
      chains: ['ethereum'],
      include_stablecoins: true,
      include_exchanges: true,
    },
    capture: { map_id: 'body.map_id' },
  },
  getAssetMap: {},
  createTransactionTimeline: {
    body: {
      matter_id: '{{matter_id}}',
      wallets: [DEBTOR_WALLET],
      from: '2020-01-01T00:00:00Z',
      to: '2099-01-01T00:00:00Z',
    },
  },
  computeExchangeHypotheses: { body: { matter_id: '{{matter_id}}', wallets: [DEBTOR_WALLET], min_confidence: 0 } },
  computeStablecoinExposure: { body: { matter_id: '{{matter_id}}', wallets: [DEBTOR_WALLET], assets: ['USDT'] } },

  // Attribution
  importWallets: {
    body: {
      matter_id: '{{matter_id}}',
      wallets: [{ address: DEBTOR_WALLET, network: 'ethereum', role: 'debtor_owned', confidence: 80 }],
    },
    capture: { wallet_id: 'body.wallets[0].wallet_id' },
  },
  createAttributionClaim: {
    body: {
      matter_id: '{{matter_id}}',
      subject: 'Harbor Lane Widgets LLC',
      predicate: 'owns',
      object: DEBTOR_WALLET,
      source_type: 'exchange_response',
      confidence: 60,
      basis: ['Exchange subpoena response'],
    },
    capture: { claim_id: 'body.claim_id' },
  },
  scoreAttributionClaim: {
    body: {
      claim_id: '{{claim_id}}',
      evidence_tier: 'service_api',
      corroboration: [],
      contradictions: [],
    },
  },
  createAttributionGraph: {
    body: { matter_id: '{{matter_id}}', wallet_ids: ['{{wallet_id}}'], include_contradictions: true },
    capture: { graph_id: 'body.graph_id' },
  },
  getAttributionGraph: {},

  // Network Attribution
  createNetworkSignal: {
    body: {
      matter_id: '{{matter_id}}',
      signal_type: 'exchange_login_ip',
      source: 'Exchange subpoena response',
      wallet_address: DEBTOR_WALLET,
      legal_process_id: 'subpoena-2025-17',
      raw_value_redacted: '198.51.100.x',
      timestamp: '2025-02-01T10:00:00Z',
      privacy_restrictions: ['counsel_only'],
    },
    capture: { network_attribution_id: 'body.network_attribution_id' },
  },
  correlateNetworkSignals: {
    body: { matter_id: '{{matter_id}}', wallet_ids: ['{{wallet_id}}'], signal_ids: ['{{network_attribution_id}}'] },
  },
  getNetworkAttribution: {},

  // Sanctions: on the sanctions matter (its screen matches, which pauses its collection).
  screenSanctions: {
    body: {
      matter_id: '{{sanctions_matter_id}}',
      wallets: [LAZARUS_ETH],
      entities: ['Harbor Lane Widgets LLC'],
      counterparties: ['Dana Doe'],
    },
    capture: { screen_id: 'body.review_id' },
  },
  createSanctionsReviewPacket: {
    body: { matter_id: '{{sanctions_matter_id}}', screen_id: '{{screen_id}}', notes: 'Counsel to decide' },
    capture: { review_id: 'body.review_id' },
  },
  getSanctionsReview: {},
  // Counsel blocks the review (the Lazarus Group address is the listed one), which starts the
  // OFAC report clock; the report workflow below starts from that blocked review.
  decideSanctionsReview: {
    body: {
      decision: 'blocked',
      reason: 'The wallet is an address listed for Lazarus Group (SDN 27307, DPRK3); the identifiers match exactly.',
    },
  },
  createOfacReportWorkflow: {
    body: {
      matter_id: '{{sanctions_matter_id}}',
      sanctions_review_id: '{{review_id}}',
      report_type: 'blocked_property',
      counsel_owner: 'J. Counsel',
    },
  },

  // Audit
  listMatterAudit: { query: { limit: '10' } },
  createAuditEvent: {
    body: { matter_id: '{{matter_id}}', event_type: 'custom.call_logged', details: { note: 'Called debtor counsel' } },
    capture: { audit_event_id: 'body.event_id' },
  },
  getAuditEvent: { path: { event_id: '{{audit_event_id}}' } },
  verifyMatterAudit: {},

  // Webhooks: the endpoint is deleted last.
  createWebhookEndpoint: {
    body: { url: 'http://127.0.0.1:9/hooks/judgment-recovery', enabled_events: ['report.exported'] },
    capture: { webhook_endpoint_id: 'body.webhook_endpoint_id' },
  },
  listWebhookEndpoints: {},
  getWebhookEndpoint: {},
  updateWebhookEndpoint: { body: { enabled_events: ['report.exported', 'report.created'] } },
  listWebhookDeliveries: {},
  listEvents: {
    query: { matter_id: '{{matter_id}}', type: 'matter.created' },
    capture: { event_id: 'body.data[0].id' },
  },
  getEvent: {},
  resendEvent: { body: {} },
  deleteWebhookEndpoint: {},

  // Reports: a brief and a claimant update of the matter, then the brief exported as a PDF.
  createCampaignBrief: {
    body: {
      matter_id: '{{matter_id}}',
      audience: 'internal',
      include_sections: ['summary', 'judgments', 'ledger', 'actions'],
    },
    capture: { report_id: 'body.report_id' },
  },
  createClaimantUpdate: {
    body: { matter_id: '{{matter_id}}', claimant_id: '{{claimant_id}}', redaction_profile: 'claimant' },
    capture: { claimant_report_id: 'body.report_id' },
  },
  getReport: {},
  exportReport: {
    body: { format: 'pdf', redaction_profile: 'external' },
    capture: { report_export_id: 'body.export_id' },
  },
  // Monitoring: a watched wallet pays a labelled exchange on the sandbox chain; the scanner
  // raises its alerts within seconds (the transfer is made three requests before the alert list,
  // which captures one).
  createWatchlist: {
    body: {
      matter_id: '{{matter_id}}',
      name: 'Debtor wallets',
      chains: ['ethereum'],
      thresholds: { min_amount: '1000', exchange_hops: 2, deadline_days: 30 },
      addresses: ['0x5f1b0c2a9e4d3b7a6c8e1f2d4a3b5c7e9f0a1b2c'],
      reason: 'Debtor-controlled per the asset map',
      source_refs: [{ source_type: 'blockchain_record', title: 'Asset map export' }],
    },
    capture: { watchlist_id: 'body.watchlist_id' },
  },
  getWatchlist: {
    before: [
      {
        method: 'POST',
        path: '/v1/sandbox/chain/transfers',
        body: {
          network: 'ethereum',
          from_address: '0x5f1b0c2a9e4d3b7a6c8e1f2d4a3b5c7e9f0a1b2c',
          to_address: '0x001866ae5b3de6caa5a51543fd9fb64f524f5478',
          asset: 'USDT',
          amount: '2500',
        },
        capture: {},
      },
    ],
  },
  listWatchlists: { query: { status: 'active', limit: '10' } },
  addWatchlistAddresses: {
    body: {
      addresses: ['0x7a2e4c6b8d0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c'],
      reason: "Received the debtor's funds on 2026-11-02",
      source_refs: [{ source_type: 'blockchain_record', title: 'Transfer trace' }],
    },
  },
  listAlerts: {
    query: { status: 'new', type: 'exchange_proximity' },
    capture: { alert_id: 'body.data.length ? body.data[0].alert_id : "ale_000000000000000000000000"' },
  },
  getAlert: {},
  triageAlert: {
    body: { status: 'actionable', notes: 'Funds at Binance: the freeze window is open', create_action: true },
  },
  // Issuer Remediation: the freeze packet names its token; the burn/reissue packet answers 409
  // packet_not_ready until counsel approves the certificate in the console (no REST approval).
  createDestinationWalletCertificate: {
    body: {
      matter_id: '{{matter_id}}',
      wallet_address: '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE',
      network: 'ethereum',
      purpose: 'Receive reissued USDT for the judgment creditor',
      owner: 'Acme Capital LLC',
      custodian: 'Harbor Trust Company',
      signer_model: '2-of-3 multisig (custodian HSM)',
      allowed_assets: ['USDT'],
    },
    capture: { destination_wallet_id: 'body.destination_wallet_id' },
  },
  decideDestinationWalletCertificate: {
    body: { decision: 'approved', reason: 'Custodian, signers and the clear OFAC screen checked by counsel.' },
  },
  createIssuerFreezePacket: {
    body: {
      matter_id: '{{matter_id}}',
      wallets: ['0x02466e547bfdab679fc49e96bbfc62b9747d997c'],
      packet_type: 'USDT:ethereum',
      authorized_sender: '{{user_id}}',
      legal_authority_id: '{{authority_id}}',
      source_refs: [SOURCE],
      notes: 'Freeze request to Tether',
    },
    capture: { remediation_id: 'body.remediation_id' },
  },
  createIssuerBurnReissuePacket: {
    body: {
      matter_id: '{{matter_id}}',
      wallets: ['0x02466e547bfdab679fc49e96bbfc62b9747d997c'],
      packet_type: 'USDT:ethereum',
      authorized_sender: '{{user_id}}',
      legal_authority_id: '{{authority_id}}',
      source_refs: [{ source_type: 'court_order', title: 'Turnover order', uri: 'https://docs.example/order.pdf' }],
      notes: 'Burn and reissue under the turnover order',
    },
  },
  getIssuerRemediation: {},
};
