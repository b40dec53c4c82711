import { z } from 'zod';
import { defineOp } from './define';
import {
  arr,
  currency,
  dateTime,
  decimal,
  reviewStateOut,
  sourceRef,
  str,
  timestamp,
  sourceRefOut,
  day,
} from './schemas';
import { manifest, network, walletsIn } from './crypto-schemas';

/** Crypto folder (API-CONTRACT §13 sandbox_transfer, §17). */
const matterId = () => str(100);

const tokenStatus = z
  .enum(['verified', 'native', 'unverified'])
  .describe(
    "By contract, from the token registry (data/tokens): verified (an issuer's, bridged or pegged contract it holds), the network's native asset, or unverified (any other contract: no peg value, no freeze route).",
  );
const evidence = z.object({
  transaction_hash: z.string(),
  from_address: z.string(),
  to_address: z.string(),
  asset: z.string(),
  amount: z.string().max(40).describe("Exact decimal in the asset's units."),
  timestamp: timestamp(),
});
const hypothesis = z
  .object({
    object: z.literal('exchange_hypothesis'),
    hypothesis_id: z.string(),
    exchange: z.string().describe("The exchange's label slug (e.g. binance)."),
    wallet: z.string(),
    network: z.string(),
    basis: z.enum(['label', 'deposit_pattern', 'counterparty']),
    confidence: z.number().describe('GraphSense confidence scale, 0–100.'),
    confidence_basis: z.string(),
    exchange_address: z.string(),
    packet_readiness: z.enum(['ready', 'needs_relationship', 'needs_authority', 'collection_paused']),
    evidence_count: z.number().int(),
    evidence: z.array(evidence).describe('The first supporting transfers (evidence_count counts them all).'),
    facts: z
      .array(z.string())
      .describe(
        'Each fact the hypothesis rests on, in words: the transfers, the amount and asset match and window, the sweep test, the label and its tier (at most 20).',
      ),
    counter_evidence: z
      .array(z.string())
      .describe(
        'What speaks against it and lowered its confidence (e.g. the deposit address also paid unlabelled addresses); empty when nothing does.',
      ),
    source_refs: z.array(sourceRefOut),
  })
  .meta({
    id: 'ExchangeHypothesis',
    description:
      'A hypothesis that a wallet deposits at, or is, an exchange: its basis, confidence and packet readiness.',
  });
const onchainStatus = z.object({
  frozen: z.boolean(),
  function: z.string(),
  checked_at: timestamp(),
  block_number: z.number().nullable(),
});
const exposure = z
  .object({
    issuer: z.string(),
    asset: z.string(),
    network: z.string(),
    contract: z.string().nullable(),
    wallet: z.string(),
    amount: z.number(),
    usd_value: z.number(),
    valuation_basis: z.literal('peg').describe('A registry stablecoin is valued at its 1 USD peg.'),
    valuation_time: timestamp().describe(
      "When the amount was valued: the asset map's creation, or the time of the exposure request.",
    ),
    price_usd: z.number().describe('The price used: 1 (the peg).'),
    price_date: day()
      .nullable()
      .describe('The day of a dated close; null for the peg, which has no date (so it is never stale).'),
    price_source: z.string().describe('Where the price comes from: the peg of the token registry entry.'),
    freeze_capability_notes: z.string(),
    freeze_functions: z
      .array(z.string())
      .nullable()
      .describe('null: the issuer data does not verify the freeze capability.'),
    check_functions: z.array(z.string()).nullable(),
    remediation_candidates: z.array(z.record(z.string(), z.unknown())),
    onchain_status: onchainStatus.nullable(),
    review_required: z.boolean(),
    review_reasons: z.array(z.string()),
  })
  .meta({
    id: 'StablecoinExposure',
    description:
      'A stablecoin holding with its issuer, freeze and check functions, valued at the peg with its valuation time, price and source.',
  });
const assetMap = z
  .object({
    object: z.literal('asset_map'),
    map_id: z.string(),
    matter_id: z.string(),
    wallets: z.array(
      z.object({
        wallet_id: z.string().nullable(),
        address: z.string(),
        network: z.string(),
        role: z.string(),
        confidence: z.number().nullable(),
        source_refs: z.array(sourceRefOut),
      }),
    ),
    token_exposures: z.array(
      z.object({
        asset: z.string(),
        network: z.string(),
        contract: z.string().nullable(),
        amount: z.number(),
        usd_value: z.number().nullable(),
        valuation_basis: z
          .string()
          .nullable()
          .describe('peg (a registry stablecoin at 1 USD) or daily_close (data/prices); null when not valued.'),
        valuation_time: timestamp().nullable().optional().describe("When the amount was valued (the map's creation)."),
        price_usd: z.number().nullable().optional(),
        price_date: day()
          .nullable()
          .optional()
          .describe('The day of the close used (the last on or before valuation_time); older than 2 days sets review.'),
        price_source: z.string().nullable().optional(),
        wallet: z.string(),
        token_status: tokenStatus.optional(),
        issuer: z.string().nullable().optional(),
        wallet_role: z.string().optional(),
        in_known_exposure: z
          .boolean()
          .optional()
          .describe(
            "Counted in the matter's known crypto exposure: only wallets the debtor owns or controls (role debtor_owned or debtor_controlled) are; the others are listed apart.",
          ),
      }),
    ),
    known_exposure: z
      .object({
        usd_value: z.number(),
        wallet_roles: z.array(z.string()),
        excluded: z.array(
          z.object({ wallet_role: z.string(), usd_value: z.number(), wallets: z.number().int(), reason: z.string() }),
        ),
      })
      .optional()
      .meta({
        description:
          "The USD value of valued holdings in wallets the debtor owns or controls, and apart, by role, the value held by the other wallets of the map (an exchange's deposit wallet, counterparties, unknown wallets).",
      }),
    exchange_hypotheses: z.array(hypothesis),
    stablecoin_exposure: z.array(exposure),
    review_state: reviewStateOut,
    source_refs: z.array(sourceRefOut),
    source_manifest: manifest,
    created_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'AssetMap',
    description:
      "A stored map of a matter's wallets: holdings, exchange hypotheses and stablecoin exposure, with its source manifest.",
  });

export const createAssetMap = defineOp('POST', '/v1/crypto/asset-map', {
  name: 'createAssetMap',
  summary:
    'Build and store an asset map of wallets: holdings, exchange hypotheses, stablecoin exposure, source manifest',
  body: z.strictObject({
    matter_id: matterId(),
    wallets: walletsIn().optional(),
    chains: arr(network()).optional(),
    include_stablecoins: z.boolean().optional(),
    include_exchanges: z.boolean().optional(),
    source_refs: arr(sourceRef()).optional(),
  }),
  response: assetMap,
});

export const createTransactionTimeline = defineOp('POST', '/v1/crypto/transaction-timeline', {
  name: 'createTransactionTimeline',
  summary: 'Transfers of wallets within [from, to], oldest first, naming labelled and OFAC-listed counterparties',
  body: z.strictObject({
    matter_id: matterId(),
    wallets: walletsIn().optional(),
    chains: arr(network()).optional(),
    from: dateTime().optional(),
    to: dateTime().optional(),
  }),
  response: z
    .object({
      object: z.literal('transaction_timeline'),
      timeline_id: z.string(),
      matter_id: z.string(),
      wallets: z.array(z.object({ address: z.string(), network: z.string() })),
      from: z.string().nullable(),
      to: z.string().nullable(),
      events: z.array(
        z.object({
          transaction_hash: z.string(),
          network: z.string(),
          block_number: z.number().nullable(),
          timestamp: timestamp(),
          from_address: z.string(),
          to_address: z.string(),
          asset: z.string(),
          amount: z.number(),
          direction: z.enum(['in', 'out', 'internal']),
          notes: z.array(z.string()),
        }),
      ),
      review_state: reviewStateOut,
      source_manifest: manifest,
      created_at: timestamp(),
      audit_ref: z.string().optional(),
    })
    .meta({
      id: 'TransactionTimeline',
      description:
        'Transfers of wallets within a window, oldest first, with notes on labelled and OFAC-listed counterparties.',
    }),
});

export const computeExchangeHypotheses = defineOp('POST', '/v1/crypto/exchange-hypotheses', {
  name: 'computeExchangeHypotheses',
  summary:
    'Exchange hypotheses (label, deposit pattern within 72 h, counterparty) with GraphSense confidence and packet readiness',
  body: z.strictObject({
    matter_id: matterId(),
    wallets: walletsIn().optional(),
    min_confidence: z.number().min(0).max(100).optional(),
  }),
  response: z.object({
    object: z.literal('list'),
    matter_id: z.string(),
    items: z.array(hypothesis),
    review_required: z.boolean(),
    missing_sources: z
      .array(z.string())
      .describe('Chain sources that were unavailable (their wallets have no hypotheses).'),
    source_manifest: manifest,
    audit_ref: z.string().optional(),
  }),
});

export const computeStablecoinExposure = defineOp('POST', '/v1/crypto/stablecoin-exposure', {
  name: 'computeStablecoinExposure',
  summary: 'Stablecoin holdings with issuer, freeze and check functions, valued at the peg',
  body: z.strictObject({ matter_id: matterId(), wallets: walletsIn().optional(), assets: arr(currency()).optional() }),
  response: z.object({
    object: z.literal('list'),
    matter_id: z.string(),
    items: z.array(exposure),
    source_manifest: manifest,
    audit_ref: z.string().optional(),
  }),
});

export const getAssetMap = defineOp('GET', '/v1/crypto/asset-map/{map_id}', {
  name: 'getAssetMap',
  summary: 'A stored asset map with its source manifest',
  response: assetMap,
});

export const createSandboxTransfer = defineOp('POST', '/v1/sandbox/chain/transfers', {
  name: 'createSandboxTransfer',
  summary: 'Append a transfer to the synthetic sandbox chain (sandbox keys only)',
  sandboxOnly: true,
  body: z.strictObject({
    network: network(),
    from_address: str(200),
    to_address: str(200),
    asset: currency(),
    amount: decimal(),
    timestamp: dateTime().optional(),
    token_contract: str(200).optional().meta({
      description:
        "The token's contract on the network. Omitted: the token registry's canonical contract of `asset` there (ethereum USDT → Tether's), none for the native asset. A contract the registry does not hold makes an unverified token.",
    }),
  }),
  response: z.object({
    object: z.literal('sandbox_transfer'),
    transaction_hash: z.string(),
    network: z.string(),
    from_address: z.string(),
    to_address: z.string(),
    asset: z.string(),
    token_contract: z.string().nullable(),
    token_status: tokenStatus,
    token_issuer: z.string().nullable(),
    token_asset: z
      .string()
      .nullable()
      .describe('The registry ticker of the contract (null unless verified or native).'),
    amount: z.number(),
    timestamp: timestamp(),
    block_number: z.number(),
    audit_ref: z.string().optional(),
  }),
});
