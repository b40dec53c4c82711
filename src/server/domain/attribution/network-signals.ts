import { isIP } from 'node:net';

/**
 * Network attribution signals (API-CONTRACT §17, specification rule 2). Only redacted values
 * are accepted, and a network signal is never standalone proof.
 */
export type SignalLevel = 'L0' | 'L1' | 'L2' | 'L3';

const EMAIL = /([^\s@<>(),;:"']+)@([^\s@<>(),;:"']+\.[^\s@<>(),;:"']+)/g;
const IPV4 = /(?<![\d.])(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?![\d.])/g;
const MASK = /[*•…#]|x{2,}|X{2,}|_{2,}|\[redacted\]/i;

/**
 * Why a `raw_value_redacted` is not redacted, or null when it is. Refused: a whole IPv4
 * address (four octets), any literal IPv6 address, an email whose local part is not masked.
 * Accepted e.g. "203.0.113.x", "203.0.*.*", "2001:db8:…", "j***@example.com".
 */
export function redactionProblem(value: string): string | null {
  for (const m of value.matchAll(IPV4)) {
    if (m.slice(1, 5).every((o) => Number(o) <= 255))
      return 'contains a full IPv4 address; mask at least its last octet (e.g. 203.0.113.x)';
  }
  for (const token of value.split(/[\s,;()[\]<>"'/=]+/)) {
    const t = token.replace(/%.*$/, '').replace(/^\[|\]$/g, '');
    if (t.includes(':') && isIP(t) === 6) return 'contains a full IPv6 address; truncate it (e.g. 2001:db8:…)';
  }
  for (const m of value.matchAll(EMAIL)) {
    if (!MASK.test(m[1])) return 'contains a full email address; mask its local part (e.g. j***@example.com)';
  }
  return null;
}

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
