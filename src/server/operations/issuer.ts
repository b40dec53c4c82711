import { z } from 'zod';
import { EXPORT_FORMATS } from '../services/exports/formats';
import { EXPORT_STATUSES } from './export-object';
import { defineOp } from './define';
import { arr, moneyOut, objectBase, sourceRef, str, timestamp, day, sourceRefOut } from './schemas';
import { ACTION_TYPES, APPROVAL_STATUSES, REMEDIATION_STATUSES } from '../domain/issuer/remediation';

/** Issuer remediation (API-CONTRACT §15): freeze and burn/reissue packets, destination wallet
 *  certificates. The service prepares them; it never signs or sends a transaction. */

/** The packet creation body (specification: the same eight fields); `packet_type` names the token. */
const packetBody = () =>
  z.strictObject({
    matter_id: str(100),
    judgment_id: str(100).optional(),
    wallets: arr(z.string().trim().min(1).max(200)).optional(),
    packet_type: z
      .string()
      .max(100)
      .optional()
      .describe(
        'The token, as `<ASSET>` or `<ASSET>:<network>` (e.g. `USDT:ethereum`). Omitted: the one freezable stablecoin the wallets hold.',
      ),
    authorized_sender: str(100),
    legal_authority_id: str(100),
    source_refs: arr(sourceRef()).optional(),
    notes: str().nullable().optional(),
  });

const onchainStatus = z
  .object({
    frozen: z.boolean(),
    function: z.string(),
    checked_at: timestamp(),
    block_number: z.number().int().nullable(),
  })
  .meta({ id: 'IssuerOnchainStatus', description: "The issuer's check function read on-chain for one holder." });

const holding = z.object({
  wallet: z.string(),
  amount: moneyOut,
  onchain_status: onchainStatus.nullable(),
  status_note: z.string().nullable(),
});

const text = (max: number) => z.string().trim().min(1).max(max);

const check = z.object({ check: z.string(), status: z.enum(['pass', 'fail', 'review']), reason: z.string() });

const issuerRemediation = objectBase('issuer_remediation', 'remediation_id')
  .extend({
    matter_id: z.string(),
    judgment_id: z.string().nullable(),
    issuer: z.string(),
    asset: z.string(),
    network: z.string(),
    contract: z.string().nullable(),
    action_type: z.enum(ACTION_TYPES),
    status: z.enum(REMEDIATION_STATUSES),
    freeze_function: z.string().nullable(),
    check_function: z.string().nullable(),
    functions: z.object({
      freeze: z.array(z.string()).nullable(),
      unfreeze: z.array(z.string()).nullable(),
      check: z.array(z.string()).nullable(),
      burn: z.array(z.string()).nullable(),
    }),
    amount: moneyOut,
    holdings: z.array(holding),
    onchain_status: onchainStatus
      .nullable()
      .describe("The first holder's on-chain status, where a chain source could read it."),
    destination_wallet_certificate_id: z.string().nullable(),
    authorized_sender: z.string(),
    legal_authority_id: z.string(),
    wallets: z.array(z.string()),
    source_refs: z.array(sourceRefOut),
    notes: z.string().nullable(),
    readiness: z.object({ ready: z.boolean(), missing_items: z.array(z.string()), checks: z.array(check) }),
    review_required: z.boolean(),
    review_reasons: z.array(z.string()),
    signing: z
      .literal('none')
      .describe('The service never signs or sends a transaction: the issuer acts on the packet.'),
    latest_export: z
      .object({
        export_id: z.string(),
        format: z.enum(EXPORT_FORMATS),
        status: z.enum(EXPORT_STATUSES),
        created_at: timestamp(),
      })
      .nullable(),
    history: z.array(
      z.object({ from: z.string(), to: z.string(), by: z.string(), at: z.string(), notes: z.string().nullable() }),
    ),
    updated_at: timestamp(),
  })
  .meta({ id: 'IssuerRemediation', description: 'An issuer freeze or burn/reissue workflow packet (rem_).' });

const screenMatch = z.object({
  list: z.string(),
  list_date: day().nullable(),
  sdn_name: z.string(),
  programs: z.array(z.string()),
});

const destinationWalletCertificate = objectBase('destination_wallet_certificate', 'destination_wallet_id')
  .extend({
    matter_id: z.string(),
    wallet_address: z.string(),
    network: z.string(),
    purpose: z.string(),
    owner: z.string(),
    custodian: z.string(),
    signer_model: z.string(),
    allowed_assets: z.array(z.string()),
    sanctions_screen_complete: z.boolean(),
    sanctions_screen_status: z.enum(['clear', 'match']),
    sanctions_matches: z.array(screenMatch),
    screened_at: timestamp(),
    approval_status: z.enum(APPROVAL_STATUSES),
    decided_by: z.string().nullable(),
    decided_at: timestamp().nullable(),
    decision_reason: z.string().nullable(),
    updated_at: timestamp(),
  })
  .meta({
    id: 'DestinationWalletCertificate',
    description:
      'A destination wallet for reissued tokens (dwc_), screened at once; counsel approves it while the screen is clear.',
  });

export const createIssuerFreezePacket = defineOp('POST', '/v1/issuer-remediation/freeze-packet', {
  name: 'createIssuerFreezePacket',
  summary:
    'Issuer freeze packet: names the issuer, contract, freeze and check functions, the amount held and the on-chain frozen status',
  body: packetBody(),
  response: issuerRemediation,
});

export const createIssuerBurnReissuePacket = defineOp('POST', '/v1/issuer-remediation/burn-reissue-packet', {
  name: 'createIssuerBurnReissuePacket',
  summary:
    'Order-backed burn/reissue workflow packet (needs an approved destination wallet certificate and a court order)',
  body: packetBody(),
  response: issuerRemediation,
});

export const createDestinationWalletCertificate = defineOp(
  'POST',
  '/v1/issuer-remediation/destination-wallet-certificate',
  {
    name: 'createDestinationWalletCertificate',
    summary:
      'Certify a destination wallet for reissued tokens; screened against OFAC at once, then approved or rejected by counsel',
    body: z.strictObject({
      matter_id: str(100),
      wallet_address: z.string().trim().min(1).max(200),
      network: text(50).optional(),
      purpose: text(2000),
      owner: text(500),
      custodian: text(500),
      signer_model: text(500),
      allowed_assets: arr(z.string().trim().min(1).max(50)).optional(),
    }),
    response: destinationWalletCertificate,
  },
);

export const decideDestinationWalletCertificate = defineOp(
  'POST',
  '/v1/issuer-remediation/destination-wallet-certificate/{destination_wallet_id}/decision',
  {
    name: 'decideDestinationWalletCertificate',
    summary:
      "Counsel's decision on a destination wallet certificate: approve it (only while its sanctions screen is clear) or reject it",
    body: z.strictObject({
      decision: z.enum(['approved', 'rejected']),
      reason: z.string().max(10_000).nullable().optional(),
    }),
    response: destinationWalletCertificate,
  },
);

export const getIssuerRemediation = defineOp('GET', '/v1/issuer-remediation/{remediation_id}', {
  name: 'getIssuerRemediation',
  summary: 'An issuer remediation with its stage, issuer data, holdings and readiness',
  response: issuerRemediation,
});
