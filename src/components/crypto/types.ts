/** Shapes of the stored asset map and graph bodies the Crypto page renders (see services/crypto, services/attribution). */
export interface TokenExposure {
  asset: string;
  network: string;
  amount: number | string;
  usd_value: number | string | null;
  valuation_basis: string | null;
  wallet: string;
  contract: string | null;
  token_status?: 'verified' | 'native' | 'unverified';
  price_date?: string | null;
}
export interface Hypothesis {
  hypothesis_id: string;
  exchange: string;
  wallet: string;
  network: string;
  basis: string;
  confidence: number;
  confidence_basis: string;
  packet_readiness: string;
  exchange_address: string;
}
export interface Exposure {
  issuer: string;
  asset: string;
  network: string;
  wallet: string;
  amount: number;
  freeze_capability_notes: string;
  review_required: boolean;
  remediation_candidates: { freeze_function: string }[];
}
export interface ManifestEntry {
  source: string;
  network: string;
  block_number: number | null;
  as_of: string;
  datasets: string[];
  missing_source?: string;
}
export interface AssetMap {
  map_id: string;
  token_exposures: TokenExposure[];
  exchange_hypotheses: Hypothesis[];
  stablecoin_exposure: Exposure[];
  review_state: { review_required: boolean; review_notes: string | null };
  source_manifest: ManifestEntry[];
  created_at: string;
}
export interface GraphNode {
  id: string;
  kind: string;
  label: string;
  network?: string;
  notes: string[];
  claim_ids: string[];
}
export interface GraphEdge {
  id: string;
  kind: string;
  source: string;
  target: string;
  label: string;
  confidence_label?: string;
}
export interface GraphClaim {
  claim_id: string;
  subject: string;
  predicate: string;
  object: string;
  source_type: string;
  source_refs: { title?: string; uri?: string; source_type?: string }[];
  confidence: number;
}
export interface Graph {
  graph_id: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  claims: GraphClaim[];
  confidence_matrix: { claim_id: string; score: number; label: string; basis: string[] }[];
  /** One group per contested object (at most 50); `contradiction_summary` counts them all. */
  contradictions: { object: string; claim_ids: string[]; claim_count: number; reason: string }[];
  contradiction_summary?: { groups: number; groups_left_out: number; claims: number };
  source_manifest: ManifestEntry[];
  created_at: string;
}
export interface TimelineEvent {
  transaction_hash: string;
  timestamp: string;
  from_address: string;
  to_address: string;
  asset: string;
  amount: number;
  direction: string;
  notes: string[];
}
