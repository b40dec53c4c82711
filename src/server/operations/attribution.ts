import { z } from 'zod';
import { defineOp } from './define';
import { manifest } from './crypto-schemas';
import { arr, dateTime, reviewStateOut, sourceRef, str, timestamp, sourceRefOut } from './schemas';
import { CLAIM_SOURCE_TYPES, PREDICATES } from '../domain/attribution/confidence';
import { WALLET_ROLES } from '../services/attribution/wallets';
import { MAX_WALLETS, network } from './crypto-schemas';

/** Attribution and Network Attribution folders (API-CONTRACT §17). */
const text = (max = 500) => z.string().trim().min(1).max(max);
const idList = () => z.array(str(100)).max(MAX_WALLETS);

const wallet = z
  .object({
    object: z.literal('wallet'),
    wallet_id: z.string(),
    matter_id: z.string(),
    address: z.string(),
    network: z.string(),
    role: z.string(),
    confidence: z.number().nullable(),
    source_refs: z.array(sourceRefOut),
    created_at: timestamp(),
  })
  .meta({ id: 'Wallet', description: 'A wallet imported onto a matter, merged by network and address.' });
const label = z.enum(['weak_signal', 'moderate', 'strong', 'confirmed']);
const scoreOut = {
  score: z.number(),
  label,
  basis: z.array(z.string()),
  evidence_tier: z.string(),
  network_only: z.boolean().describe('True when the score rests on network signals alone (never standalone proof).'),
  reviewed_by: z
    .string()
    .nullable()
    .optional()
    .describe('The actor whose review lifted the user-assertion cap (never the claim author), or null.'),
  scored_at: timestamp(),
};
const claim = z
  .object({
    object_type: z.literal('attribution_claim'),
    claim_id: z.string(),
    matter_id: z.string(),
    subject: z.string(),
    predicate: z.string(),
    object: z
      .string()
      .describe("The claim's object (what the subject owns, controls …); `object_type` names the resource."),
    source_type: z.string(),
    source_refs: z.array(sourceRefOut),
    basis: z.array(z.string()),
    confidence: z.number(),
    confidence_label: label,
    score: z
      .object(scoreOut)
      .nullable()
      .describe('The latest confidence score (POST /v1/attribution/confidence-score), or null.'),
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'Claim',
    description: 'An attribution claim: subject, predicate, object and source type, with its confidence.',
  });
const graph = z
  .object({
    object: z.literal('attribution_graph'),
    graph_id: z.string(),
    matter_id: z.string(),
    wallet_ids: z.array(z.string()),
    nodes: z.array(z.record(z.string(), z.unknown())),
    edges: z.array(z.record(z.string(), z.unknown())),
    claims: z.array(
      z.object({
        claim_id: z.string(),
        subject: z.string(),
        predicate: z.string(),
        object: z.string(),
        source_type: z.string(),
        source_refs: z.array(sourceRefOut),
        confidence: z.number(),
      }),
    ),
    contradictions: z
      .array(
        z.object({
          object: z.string().describe('The contested object (an address, account …).'),
          relation: z.string().describe('`owns`, `controls`, or `owns or controls` when the claims mix both.'),
          subjects: z.array(z.string()).describe('The subjects said to own or control it (at most 20 named).'),
          subject_count: z.number().int(),
          claim_ids: z.array(z.string()).describe('Claims of the group (at most 20 named).'),
          claim_count: z.number().int(),
          claims_left_out: z.number().int().describe('Claims of the group not named in `claim_ids`.'),
          reason: z.string(),
        }),
      )
      .describe(
        'With `include_contradictions`: one group per contested object (owns/controls claims naming different subjects), the most contested first, at most 50 groups.',
      ),
    contradiction_summary: z
      .object({
        groups: z.number().int().describe('Contested objects.'),
        groups_left_out: z.number().int().describe('Contested objects not listed in `contradictions`.'),
        claims: z.number().int().describe('Claims in contested objects.'),
      })
      .describe('Counts of every contradiction, listed or not (always present).'),
    confidence_matrix: z.array(
      z.object({ claim_id: z.string(), score: z.number(), label: z.string(), basis: z.array(z.string()) }),
    ),
    truncated: z
      .array(z.string())
      .describe(
        'What was left out of the drawing (per wallet, the smaller counterparty flows); empty when nothing was.',
      ),
    review_state: reviewStateOut,
    source_manifest: manifest,
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'Graph',
    description:
      'A stored attribution graph: nodes, transfer and claim edges, contradictions and the confidence matrix.',
  });
const signal = z
  .object({
    object: z.literal('network_attribution_signal'),
    network_attribution_id: z.string(),
    matter_id: z.string(),
    wallet_address: z.string().nullable(),
    signal_type: z.string(),
    source: z.string(),
    legal_process_id: z.string().nullable(),
    raw_value_redacted: z.string().nullable(),
    timestamp: timestamp().nullable(),
    privacy_restrictions: z.array(z.string()),
    confidence_level: z.enum(['L0', 'L1', 'L2', 'L3']),
    confidence_basis: z.array(z.string()),
    review_required: z.literal(true),
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'NetworkSignal',
    description: 'A redacted network attribution signal with its legal-process provenance; never standalone proof.',
  });
const correlationResult = z
  .object({
    object: z.literal('network_correlation'),
    network_attribution_id: z.string(),
    matter_id: z.string(),
    correlations: z.array(
      z.object({
        subject: z.string(),
        signal_id: z.string(),
        confidence_level: z.string(),
        label,
        network_only: z.boolean(),
        explanation: z.string(),
        review_required: z.boolean(),
        wallet_id: z.string(),
      }),
    ),
    review_required: z.boolean(),
    rule: z.string(),
    privacy_restrictions: z.array(z.string()),
    legal_process_ids: z.array(z.string()),
    signals_withheld: z
      .number()
      .int()
      .describe('Signals of the matter left out because they are counsel_only and the caller is not counsel.'),
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'NetworkCorrelation',
    description: 'Network signals correlated with wallets, each with its confidence level and whether it needs review.',
  });

export const importWallets = defineOp('POST', '/v1/attribution/wallets/import', {
  name: 'importWallets',
  summary: 'Import wallets onto a matter: validated per network, merged by address and network',
  body: z.strictObject({
    matter_id: str(100),
    wallets: z
      .array(
        z.strictObject({
          address: str(200),
          network: network().optional(),
          role: z.enum(WALLET_ROLES).optional(),
          confidence: z.number().min(0).max(100).optional(),
          source_refs: arr(sourceRef()).optional(),
        }),
      )
      .min(1)
      .max(MAX_WALLETS),
  }),
  response: z.object({
    object: z.literal('wallet_import'),
    matter_id: z.string(),
    imported: z.number().int(),
    merged: z.number().int(),
    wallets: z.array(wallet),
    audit_ref: z.string().optional(),
  }),
});

export const createAttributionGraph = defineOp('POST', '/v1/attribution/graph', {
  name: 'createAttributionGraph',
  summary:
    'Build and store the attribution graph: nodes, aggregated transfer and claim edges, contradictions, confidence matrix',
  body: z.strictObject({
    matter_id: str(100),
    wallet_ids: idList().optional(),
    include_contradictions: z.boolean().optional(),
  }),
  response: graph,
});

export const createAttributionClaim = defineOp('POST', '/v1/attribution/claims', {
  name: 'createAttributionClaim',
  summary: 'Record an attribution claim (subject, predicate, object, source type)',
  body: z.strictObject({
    matter_id: str(100),
    subject: text(),
    predicate: z.enum(PREDICATES),
    object: text(),
    source_type: z.enum(CLAIM_SOURCE_TYPES),
    source_refs: arr(sourceRef())
      .optional()
      .describe(
        'Where the claim comes from. A `proof_of_control` (signed message), `exchange_response`, `subpoena_response`, `judgment` or `court_order` ref proves control for the on-chain control cap; `ownership` tier needs `proof_of_control`.',
      ),
    confidence: z
      .number()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'At most what the claim can show alone with the strongest tier its source type supports (caps included); a higher value is lowered, with a basis line.',
      ),
    basis: arr(text(2000)).optional(),
  }),
  response: claim,
});

export const getAttributionGraph = defineOp('GET', '/v1/attribution/graphs/{graph_id}', {
  name: 'getAttributionGraph',
  summary: 'A stored attribution graph with its source manifest',
  response: graph,
});

export const scoreAttributionClaim = defineOp('POST', '/v1/attribution/confidence-score', {
  name: 'scoreAttributionClaim',
  summary: 'Score a claim with the deterministic GraphSense-based formula (tier, corroboration, contradictions, caps)',
  body: z
    .strictObject({
      claim_id: str(100),
      evidence_tier: str(100),
      corroboration: z
        .array(text(500))
        .max(100)
        .optional()
        .describe(
          'Ids of other claims of the same statement (clm_…, each counted at its own tier) or network signals (net_…) of this matter; the 10 strongest count.',
        ),
      contradictions: z
        .array(text(500))
        .max(100)
        .optional()
        .describe(
          'Ids of claims of this matter naming another owner or controller of the same object (custody by an exchange and beneficial control do not contradict), each counted at its own tier.',
        ),
      reviewed: z
        .boolean()
        .optional()
        .describe(
          "The caller reviewed the claim: lifts a user assertion's cap; 400 when the caller is the claim's author.",
        ),
    })
    .describe(
      "Every input that counts is evidence with its own source type and tier (docs/attribution-confidence.md). `evidence_tier` must be one the claim's source type supports (a network signal cannot assert `ownership`; `ledger_immanent` is for ledger predicates; `ownership` needs a `proof_of_control` source ref). Corroborations and contradictions are ids, never free text: free text is 400 `parameter_invalid` naming the item.",
    ),
  response: z.object({
    object: z.literal('confidence_score'),
    claim_id: z.string(),
    ...scoreOut,
    audit_ref: z.string().optional(),
  }),
});

export const createNetworkSignal = defineOp('POST', '/v1/network-attribution/signals', {
  name: 'createNetworkSignal',
  summary: 'Record a redacted network attribution signal (a full IP address or email is refused)',
  body: z.strictObject({
    matter_id: str(100),
    signal_type: text(100),
    source: text(500),
    wallet_address: str(200).optional(),
    legal_process_id: text(200).optional(),
    raw_value_redacted: text(1000).optional(),
    timestamp: dateTime().optional(),
    privacy_restrictions: arr(text(200))
      .optional()
      .describe(
        '`counsel_only` shows the signal, and correlations built from it, only to counsel (counsel or admin users, or a `*` key); other labels are kept as given.',
      ),
  }),
  response: signal,
});

export const correlateNetworkSignals = defineOp('POST', '/v1/network-attribution/correlate', {
  name: 'correlateNetworkSignals',
  summary: 'Correlate network signals with wallets; never standalone proof (review_required)',
  body: z.strictObject({ matter_id: str(100), wallet_ids: idList().optional(), signal_ids: idList().optional() }),
  response: correlationResult,
});

export const getNetworkAttribution = defineOp('GET', '/v1/network-attribution/{network_attribution_id}', {
  name: 'getNetworkAttribution',
  summary: 'A network signal or a correlation result, with privacy restrictions and legal-process provenance',
  response: z.union([signal, correlationResult]),
});
