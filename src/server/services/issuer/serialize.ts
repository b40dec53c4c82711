import type { DestinationWalletCertificate, IssuerRemediation } from '@/generated/prisma/client';
import { moneyJson } from '../../money';
import type { ActionType, RemediationStatus } from '../../domain/issuer/remediation';
import type { ScreenMatch } from '../../domain/sanctions/screen';

export interface StoredHolding {
  wallet: string;
  amount: string;
  onchain_status: { frozen: boolean; function: string; checked_at: string; block_number: number | null } | null;
  status_note: string | null;
}
export interface StoredFunctions {
  freeze: string[] | null;
  unfreeze: string[] | null;
  check: string[] | null;
  burn: string[] | null;
  freeze_function: string | null;
  check_function: string | null;
}
export interface StoredPacket {
  judgment_id: string | null;
  authorized_sender: string;
  legal_authority_id: string;
  wallets: string[];
  source_refs: unknown[];
  notes: string | null;
  packet_type: string | null;
}
export interface HistoryEntry {
  from: string;
  to: string;
  by: string;
  at: string;
  notes: string | null;
}

/** The issuer remediation object (API-CONTRACT §15). */
export function remediationOut(r: IssuerRemediation) {
  const f = r.functions as unknown as StoredFunctions;
  const holdings = r.holdings as unknown as StoredHolding[];
  const p = r.packet as unknown as StoredPacket;
  const latest = r.latest_export as { export_id: string; format: string; status: string; created_at: string } | null;
  return {
    object: 'issuer_remediation' as const,
    remediation_id: r.id,
    matter_id: r.matter_id,
    judgment_id: p.judgment_id,
    issuer: r.issuer,
    asset: r.asset,
    network: r.network,
    contract: r.contract,
    action_type: r.action_type as ActionType,
    status: r.status as RemediationStatus,
    freeze_function: f.freeze_function,
    check_function: f.check_function,
    functions: { freeze: f.freeze, unfreeze: f.unfreeze, check: f.check, burn: f.burn },
    amount: moneyJson(r.amount, r.asset),
    holdings: holdings.map((h) => ({
      wallet: h.wallet,
      amount: moneyJson(h.amount, r.asset),
      onchain_status: h.onchain_status,
      status_note: h.status_note,
    })),
    onchain_status: holdings.find((h) => h.onchain_status)?.onchain_status ?? null,
    destination_wallet_certificate_id: r.destination_wallet_certificate_id,
    authorized_sender: p.authorized_sender,
    legal_authority_id: p.legal_authority_id,
    wallets: p.wallets,
    source_refs: p.source_refs,
    notes: p.notes,
    readiness: r.readiness as {
      ready: boolean;
      missing_items: string[];
      checks: { check: string; status: 'pass' | 'fail' | 'review'; reason: string }[];
    },
    review_required: r.review_required,
    review_reasons: r.review_reasons as string[],
    signing: 'none' as const,
    latest_export: latest,
    history: r.history as unknown as HistoryEntry[],
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

/** The destination wallet certificate object (API-CONTRACT §15). */
export function certificateOut(c: DestinationWalletCertificate) {
  const matches = c.screen_matches as unknown as ScreenMatch[];
  return {
    object: 'destination_wallet_certificate' as const,
    destination_wallet_id: c.id,
    matter_id: c.matter_id,
    wallet_address: c.wallet_address,
    network: c.network,
    purpose: c.purpose,
    owner: c.owner,
    custodian: c.custodian,
    signer_model: c.signer_model,
    allowed_assets: c.allowed_assets as string[],
    sanctions_screen_complete: c.sanctions_screen_complete,
    sanctions_screen_status: c.screen_status as 'clear' | 'match',
    sanctions_matches: matches.map((m) => ({
      list: m.list,
      list_date: m.list_date,
      sdn_name: m.sdn_name,
      programs: m.programs,
    })),
    screened_at: c.screened_at.toISOString(),
    approval_status: c.approval_status as 'pending' | 'approved' | 'rejected',
    decided_by: c.decided_by,
    decided_at: c.decided_at?.toISOString() ?? null,
    decision_reason: c.decision_reason,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
