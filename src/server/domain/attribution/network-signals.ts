/**
 * Network attribution signals (API-CONTRACT §17, specification rule 2). Only redacted values
 * are accepted (redaction.ts finds what is not), and a network signal is never standalone proof.
 */
export type SignalLevel = 'L0' | 'L1' | 'L2' | 'L3';

export { redactionProblem } from './redaction';

/** The privacy restriction that keeps a signal (and what is derived from it) to counsel. */
export const COUNSEL_ONLY = 'counsel_only';

/**
 * L0 raw; L1 obtained by lawful process (a legal_process_id); L2 corroborated by another
 * independent source; L3 corroborated and tied to an on-chain link.
 */
export function signalLevel(f: {
  legal_process_id: string | null;
  corroborated: boolean;
  onchain_link: boolean;
}): SignalLevel {
  if (f.corroborated && f.onchain_link) return 'L3';
  if (f.corroborated) return 'L2';
  if (f.legal_process_id) return 'L1';
  return 'L0';
}

export interface CorrelationFacts {
  subject: string;
  signal_id: string;
  level: SignalLevel;
  signal_type: string;
  source: string;
  /** Non-network claims about the subject (their labels), e.g. an exchange response. */
  supporting_claims: { claim_id: string; source_type: string; label: string }[];
}

/**
 * One correlation (rule 2): with only network signals it is always review_required and never
 * labelled above weak_signal; a strong non-network claim may carry it without review.
 */
export function correlation(f: CorrelationFacts) {
  const strong = f.supporting_claims.filter((c) => c.label === 'strong' || c.label === 'confirmed');
  const networkOnly = f.supporting_claims.length === 0;
  const parts = [`${f.signal_type} from ${f.source} (${f.level})`];
  if (networkOnly) parts.push('supported only by network signals: not standalone proof, review required');
  else
    parts.push(
      `corroborated by ${f.supporting_claims.map((c) => `${c.claim_id} (${c.source_type}, ${c.label})`).join(', ')}`,
    );
  return {
    subject: f.subject,
    signal_id: f.signal_id,
    confidence_level: f.level,
    label: networkOnly ? ('weak_signal' as const) : strong.length ? strong[0].label : 'moderate',
    network_only: networkOnly,
    explanation: parts.join('; '),
    review_required: networkOnly || strong.length === 0 || f.level === 'L0',
  };
}
