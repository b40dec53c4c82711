import { createHash } from 'node:crypto';
import { canonicalJson } from '../../json';
import { PACKET_FAMILIES, REQUEST_TEXT, type PacketFamily } from './families';

/**
 * The sections a packet carries (API-CONTRACT §14), built once when it is created from the
 * matter's data, so an export renders exactly what counsel reviewed. Pure: the service loads
 * the rows and passes them in.
 */
export interface SourceRefIn {
  source_id?: string;
  source_type: string;
  title?: string;
  uri?: string;
  hash?: string;
  chain_of_custody_id?: string;
  admissibility_notes?: string;
}
export interface ManifestEntry {
  source_id: string | null;
  source_type: string;
  title: string | null;
  uri: string | null;
  origin: 'packet' | 'authority_grant' | 'judgment' | 'dataset';
  /** The document's hash when the caller gave one; else the SHA-256 of the reference record. */
  hash: string;
  hash_basis: 'provided' | 'reference_record';
  chain_of_custody_id: string | null;
}

export interface ContentsInput {
  type: PacketFamily;
  packet_type: string;
  matter: {
    matter_id: string;
    name: string;
    mode: string;
    lead_counsel: string | null;
    economics: unknown;
    notes: string | null;
  };
  judgment: {
    judgment_id: string;
    court: string;
    case_number: string;
    jurisdiction: string;
    date_entered: string;
    creditor: string;
    debtor: string;
    amount: { amount: unknown; amount_decimal: string; currency: string };
    status: string;
    source_refs: SourceRefIn[];
  } | null;
  claimants: { claimant_id: string; name: string; role: string; economics: unknown }[];
  grant: {
    authority_id: string;
    basis: string;
    granted_by: string;
    effective_at: string;
    expires_at: string | null;
    source_refs: SourceRefIn[];
  };
  sender: { user_id: string; name: string; roles: string[] };
  wallets: {
    input: string;
    address: string;
    network: string;
    valid: boolean;
    category: string;
    exchange: string | null;
    sanctions: { sdn_name: string; programs: string[] }[];
    note: string | null;
  }[];
  exchange_hypotheses: {
    exchange: string;
    wallet: string;
    network?: string;
    basis: string;
    confidence: number;
    confidence_basis: string;
    exchange_address?: string;
    evidence_count?: number;
    packet_readiness?: string;
    review_required: boolean;
  }[];
  source_refs: SourceRefIn[];
  notes: string | null;
  datasets: string[];
  recipient: { counterparty_name: string; channel_type: string } | null;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function manifestEntry(r: SourceRefIn, origin: ManifestEntry['origin']): ManifestEntry {
  return {
    source_id: r.source_id ?? null,
    source_type: r.source_type,
    title: r.title ?? null,
    uri: r.uri ?? null,
    origin,
    hash: r.hash ?? sha256(canonicalJson(r)),
    hash_basis: r.hash ? 'provided' : 'reference_record',
    chain_of_custody_id: r.chain_of_custody_id ?? null,
  };
}

/** How the sender is presented: always in their own capacity, never as law enforcement. */
export function senderCapacity(roles: readonly string[]) {
  return roles.includes('counsel')
    ? 'Counsel for the judgment creditor'
    : 'Authorized representative of the judgment creditor';
}

export function buildContents(i: ContentsInput) {
  const family = PACKET_FAMILIES[i.type];
  const manifest = [
    ...i.source_refs.map((r) => manifestEntry(r, 'packet')),
    ...i.grant.source_refs.map((r) => manifestEntry(r, 'authority_grant')),
    ...(i.judgment?.source_refs ?? []).map((r) => manifestEntry(r, 'judgment')),
  ];
  const contents: Record<string, unknown> = {
    title: `${family.title}: ${i.packet_type.replace(/_/g, ' ')}`,
    request: {
      family: i.type,
      packet_type: i.packet_type,
      text: REQUEST_TEXT[i.packet_type] ?? '',
      sender: { name: i.sender.name, capacity: senderCapacity(i.sender.roles) },
      recipient: i.recipient,
    },
    matter: i.matter,
    judgment_summary: i.judgment ? { ...i.judgment, source_refs: undefined } : null,
    debtor: i.judgment ? { name: i.judgment.debtor } : null,
    claimants: i.claimants,
    wallets: i.wallets,
    exchange_hypotheses: i.exchange_hypotheses,
    amounts: {
      judgment_amount: i.judgment?.amount ?? null,
      note: 'The judgment amount as entered; interest and recoveries are in the matter ledger.',
    },
    legal_basis: {
      authority_id: i.grant.authority_id,
      basis: i.grant.basis,
      granted_by: i.grant.granted_by,
      effective_at: i.grant.effective_at,
      expires_at: i.grant.expires_at,
      judgment: i.judgment
        ? `${i.judgment.court}, case ${i.judgment.case_number}, entered ${i.judgment.date_entered}`
        : null,
    },
    internal_notes: i.notes,
    source_manifest: manifest,
    datasets: i.datasets,
  };
  if (i.type === 'turnover_workflow') {
    // Tracks the debtor's compliance with the turnover order; counsel records each step.
    contents.noncompliance_tracker = {
      status: 'not_started',
      steps: [
        { step: 'order_served', status: 'pending' },
        { step: 'proof_of_control_verified', status: 'pending' },
        { step: 'transfer_to_designated_wallet', status: 'pending' },
        { step: 'receipt_confirmed', status: 'pending' },
      ],
      incidents: [],
    };
  }
  return JSON.parse(JSON.stringify(contents)) as Record<string, unknown>;
}
