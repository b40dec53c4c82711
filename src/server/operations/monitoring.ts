import { z } from 'zod';
import { defineOp } from './define';
import {
  arr,
  day,
  decimal,
  idRef,
  listOf,
  listQuery,
  moneyOut,
  name,
  sourceRef,
  str,
  timestamp,
  sourceRefOut,
} from './schemas';
import {
  ALERT_STATUSES,
  ALERT_TYPES,
  SEVERITIES,
  TRIAGE_STATUSES,
  WATCHLIST_STATUSES,
} from '../domain/monitoring/alert-status';
import { NETWORK_NAMES, type ChainNetwork } from '../domain/crypto/networks';
import { PACKET_TYPES } from '../domain/packets/families';

/** Packets a triage can draft: every family created by POST /v1/packets/<type> but the sanctions
 *  review, which is counsel's own workflow (POST /v1/packets/sanctions-review). */
const TRIAGE_PACKET_TYPES = PACKET_TYPES.filter((t) => t !== 'sanctions_review') as [
  Exclude<(typeof PACKET_TYPES)[number], 'sanctions_review'>,
  ...Exclude<(typeof PACKET_TYPES)[number], 'sanctions_review'>[],
];
const networks = NETWORK_NAMES as [ChainNetwork, ...ChainNetwork[]];

const thresholdsOut = z
  .object({
    min_amount: z.number().optional().describe("Smallest amount that alerts, in the asset's units."),
    min_usd: z.number().optional().describe('Smallest USD value that alerts (stablecoins at their peg).'),
    exchange_hops: z.union([z.literal(1), z.literal(2)]),
    deadline_days: z.number().int(),
  })
  .meta({ id: 'WatchlistThresholds', description: 'What makes a watched movement or date alert.' });

const watchedAddress = z
  .object({
    address: z.string(),
    network: z.enum(networks),
    reason: z.string(),
    source_refs: z.array(sourceRefOut),
    added_at: timestamp(),
  })
  .meta({
    id: 'WatchedAddress',
    description: 'An address on a watchlist, with why it is watched and the sources for it.',
  });

const watchlist = z
  .object({
    object: z.literal('watchlist'),
    watchlist_id: z.string(),
    matter_id: z.string(),
    name: z.string(),
    addresses: z.array(z.string()),
    address_details: z.array(watchedAddress),
    chains: z.array(z.enum(networks)),
    thresholds: thresholdsOut,
    alert_rules: z.array(z.object({ rule: z.enum(ALERT_TYPES), params: z.record(z.string(), z.unknown()) })),
    status: z.enum(WATCHLIST_STATUSES),
    created_at: timestamp(),
    updated_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'Watchlist',
    description: 'Addresses watched on a matter, with the thresholds and the alert rules derived from them.',
  });

const evidence = z
  .object({
    transaction_hash: z.string().nullable(),
    amount: moneyOut.nullable(),
    asset: z.string().nullable(),
    counterparty: z.string().nullable(),
    label: z.string().nullable(),
    usd_value: moneyOut
      .nullable()
      .describe(
        "The transfer's USD value at its valuation_time; null when it has no price (an unverified token, an unpriced asset, or not a transfer).",
      ),
    valuation_basis: z
      .string()
      .nullable()
      .describe('peg (a registry stablecoin at 1 USD) or daily_close (data/prices); null when not valued.'),
    valuation_time: timestamp().nullable().describe('When the amount was valued: the time of the transfer.'),
    price_usd: z.number().nullable().describe('The price used.'),
    price_date: day()
      .nullable()
      .describe('The day of the close used (the last on or before valuation_time); null for the peg.'),
    price_source: z.string().nullable().describe('Where the price comes from.'),
    review_required: z
      .boolean()
      .describe('True when the value rests on a stale price (a close more than 2 days before the transfer).'),
    review_reasons: z.array(z.string()),
  })
  .meta({
    id: 'AlertEvidence',
    description:
      'What raised the alert: the transaction, its amount and asset, its dated USD value with price and source, the counterparty and its label.',
  });

const alert = z
  .object({
    object: z.literal('alert'),
    alert_id: z.string(),
    matter_id: z.string(),
    watchlist_id: z.string().nullable(),
    type: z.enum(ALERT_TYPES),
    rule: z.enum(ALERT_TYPES),
    severity: z.enum(SEVERITIES),
    status: z.enum(ALERT_STATUSES),
    target: z.string(),
    reason: z.string(),
    evidence,
    linked_action_id: z.string().nullable(),
    linked_packet_id: z.string().nullable(),
    triaged_by: z.string().nullable(),
    triaged_at: timestamp().nullable(),
    notes: z.string().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
    audit_ref: z.string().optional(),
  })
  .meta({
    id: 'Alert',
    description:
      'A monitoring alert: one per rule and subject (a transaction, a deadline, an action, a grant or a report).',
  });

const thresholdsIn = z
  .strictObject({
    min_amount: decimal().optional(),
    min_usd: decimal().optional(),
    exchange_hops: z.union([z.literal(1), z.literal(2)]).optional(),
    deadline_days: z.number().int().min(1).max(365).optional(),
  })
  .refine((t) => !(t.min_amount?.startsWith('-') || t.min_usd?.startsWith('-')), {
    message: 'thresholds are not negative',
    path: ['min_amount'],
  });

const addressIn = () =>
  z.union([str(200).min(1), z.strictObject({ address: str(200).min(1), network: z.enum(networks).optional() })]);

export const createWatchlist = defineOp('POST', '/v1/watchlists', {
  name: 'createWatchlist',
  summary:
    'Create a watchlist on a matter: chains, thresholds (alert rules derive from them) and optional first addresses',
  body: z.strictObject({
    matter_id: str(100),
    name: name(),
    chains: arr(z.enum(networks)).min(1).optional(),
    thresholds: thresholdsIn.optional(),
    addresses: arr(addressIn()).optional(),
    reason: str(2000).min(1).optional(),
    source_refs: arr(sourceRef()).optional(),
  }),
  response: watchlist,
});

export const listWatchlists = defineOp('GET', '/v1/watchlists', {
  name: 'listWatchlists',
  summary: 'Watchlists, newest first',
  query: listQuery({ matter_id: idRef('mtr', 'a matter').optional(), status: z.enum(WATCHLIST_STATUSES).optional() }),
  response: listOf(watchlist),
});

export const getWatchlist = defineOp('GET', '/v1/watchlists/{watchlist_id}', {
  name: 'getWatchlist',
  summary: 'One watchlist with its addresses and alert rules',
  response: watchlist,
});

export const addWatchlistAddresses = defineOp('POST', '/v1/watchlists/{watchlist_id}/addresses', {
  name: 'addWatchlistAddresses',
  summary: 'Add addresses (validated per network) with the reason and sources for watching them',
  body: z.strictObject({
    addresses: arr(addressIn()).min(1),
    reason: str(2000).min(1),
    source_refs: arr(sourceRef()).optional(),
  }),
  response: watchlist,
});

export const listAlerts = defineOp('GET', '/v1/alerts', {
  name: 'listAlerts',
  summary: 'Alerts, newest first, filtered by matter, status, severity and type',
  query: listQuery({
    matter_id: idRef('mtr', 'a matter').optional(),
    status: z.enum(ALERT_STATUSES).optional(),
    severity: z.enum(SEVERITIES).optional(),
    type: z.enum(ALERT_TYPES).optional(),
    watchlist_id: idRef('wat', 'a watchlist').optional(),
  }),
  response: listOf(alert),
});

export const triageAlert = defineOp('POST', '/v1/alerts/{alert_id}/triage', {
  name: 'triageAlert',
  summary:
    'Triage an alert (status, notes); optionally create a linked action or a draft packet in the same transaction',
  body: z.strictObject({
    status: z.enum(TRIAGE_STATUSES),
    notes: str().nullable().optional(),
    create_action: z.boolean().optional(),
    create_packet_type: z.enum(TRIAGE_PACKET_TYPES).optional(),
    authorized_sender: idRef('usr', 'a user').optional().describe('Sender of the packet (default: the acting user).'),
    judgment_id: str(100)
      .optional()
      .describe(
        "The judgment the packet rests on (default: the matter's only enforceable judgment; 400 when there are several).",
      ),
  }),
  response: alert,
});

export const getAlert = defineOp('GET', '/v1/alerts/{alert_id}', {
  name: 'getAlert',
  summary: 'One alert with its evidence, rule, watchlist and triage',
  response: alert,
});
