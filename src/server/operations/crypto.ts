import { z } from 'zod';
import { defineOp } from './define';
import { arr, currency, dateTime, decimal, sourceRef, str } from './schemas';
import { network, walletsIn } from './crypto-schemas';

/** Crypto folder (API-CONTRACT §13 sandbox_transfer, §17). */
const matterId = () => str(100);

const manifest = z.array(z.object({ source: z.string(), network: z.string(), block_number: z.number().nullable(), as_of: z.string(), datasets: z.array(z.string()) }));
const reviewState = z.object({ review_required: z.boolean(), review_status: z.string(), review_owner: z.string().nullable(), review_notes: z.string().nullable() });
const hypothesis = z.object({
  hypothesis_id: z.string(), exchange: z.string(), wallet: z.string(), basis: z.enum(['label', 'deposit_pattern', 'counterparty']),
  confidence: z.number(), packet_readiness: z.enum(['ready', 'needs_relationship', 'needs_authority', 'collection_paused']), source_refs: z.array(z.unknown()),
});
const exposure = z.object({
  issuer: z.string(), asset: z.string(), network: z.string(), wallet: z.string(), amount: z.number(), freeze_capability_notes: z.string(),
  remediation_candidates: z.array(z.unknown()), review_required: z.boolean(),
});
const assetMap = z.object({
  object: z.literal('asset_map'), map_id: z.string(), matter_id: z.string(),
  wallets: z.array(z.object({ wallet_id: z.string().nullable(), address: z.string(), network: z.string(), role: z.string() })),
  token_exposures: z.array(z.object({ asset: z.string(), network: z.string(), amount: z.number(), usd_value: z.number().nullable(), wallet: z.string() })),
  exchange_hypotheses: z.array(hypothesis), stablecoin_exposure: z.array(exposure), review_state: reviewState, source_manifest: manifest,
  created_at: z.string(), audit_ref: z.string().optional(),
});

export const createAssetMap = defineOp('POST', '/v1/crypto/asset-map', {
  name: 'createAssetMap', summary: 'Build and store an asset map of wallets: holdings, exchange hypotheses, stablecoin exposure, source manifest',
  body: z.strictObject({
    matter_id: matterId(), wallets: walletsIn().optional(), chains: arr(network()).optional(),
    include_stablecoins: z.boolean().optional(), include_exchanges: z.boolean().optional(), source_refs: arr(sourceRef()).optional(),
  }),
  response: assetMap,
});

export const createTransactionTimeline = defineOp('POST', '/v1/crypto/transaction-timeline', {
  name: 'createTransactionTimeline', summary: 'Transfers of wallets within [from, to], oldest first, naming labelled and OFAC-listed counterparties',
  body: z.strictObject({ matter_id: matterId(), wallets: walletsIn().optional(), chains: arr(network()).optional(), from: dateTime().optional(), to: dateTime().optional() }),
  response: z.object({
    object: z.literal('transaction_timeline'), timeline_id: z.string(), matter_id: z.string(),
    events: z.array(z.object({ transaction_hash: z.string(), timestamp: z.string(), from_address: z.string(), to_address: z.string(), asset: z.string(), amount: z.number(), notes: z.array(z.string()) })),
    review_state: reviewState, source_manifest: manifest, audit_ref: z.string().optional(),
  }),
});

export const computeExchangeHypotheses = defineOp('POST', '/v1/crypto/exchange-hypotheses', {
  name: 'computeExchangeHypotheses', summary: 'Exchange hypotheses (label, deposit pattern within 72 h, counterparty) with GraphSense confidence and packet readiness',
  body: z.strictObject({ matter_id: matterId(), wallets: walletsIn().optional(), min_confidence: z.number().min(0).max(100).optional() }),
  response: z.object({ items: z.array(hypothesis), source_manifest: manifest, audit_ref: z.string().optional() }),
});

export const computeStablecoinExposure = defineOp('POST', '/v1/crypto/stablecoin-exposure', {
  name: 'computeStablecoinExposure', summary: 'Stablecoin holdings with issuer, freeze and check functions, valued at the peg',
  body: z.strictObject({ matter_id: matterId(), wallets: walletsIn().optional(), assets: arr(currency()).optional() }),
  response: z.object({ items: z.array(exposure), source_manifest: manifest, audit_ref: z.string().optional() }),
});

export const getAssetMap = defineOp('GET', '/v1/crypto/asset-map/{map_id}', {
  name: 'getAssetMap', summary: 'A stored asset map with its source manifest', response: assetMap,
});

export const createSandboxTransfer = defineOp('POST', '/v1/sandbox/chain/transfers', {
  name: 'createSandboxTransfer', summary: 'Append a transfer to the synthetic sandbox chain (sandbox keys only)', sandboxOnly: true,
  body: z.strictObject({
    network: network(), from_address: str(200), to_address: str(200), asset: currency(), amount: decimal(), timestamp: dateTime().optional(),
  }),
  response: z.object({
    object: z.literal('sandbox_transfer'), transaction_hash: z.string(), network: z.string(), from_address: z.string(), to_address: z.string(),
    asset: z.string(), amount: z.number(), timestamp: z.string(), block_number: z.number(), audit_ref: z.string().optional(),
  }),
});
