/** Pure rules of the authority model (API-CONTRACT §8). */
export interface GrantLike {
  status: string;
  effective_at: Date;
  expires_at: Date | null;
}

export type AuthorityStatus = 'none' | 'granted' | 'expired' | 'revoked';

/** A grant's status as seen now: a granted grant past its expiry reads `expired`. */
export function grantStatus(g: GrantLike, now = new Date()): 'granted' | 'revoked' | 'expired' {
  if (g.status === 'revoked') return 'revoked';
  if (g.expires_at && g.expires_at <= now) return 'expired';
  return 'granted';
}

export const inEffect = (g: GrantLike, now = new Date()) => grantStatus(g, now) === 'granted' && g.effective_at <= now;

/** The matter's authority_status: granted if any grant is in effect, else the most telling lapse. */
export function authorityStatus(grants: GrantLike[], now = new Date()): AuthorityStatus {
  if (grants.some((g) => inEffect(g, now))) return 'granted';
  if (grants.some((g) => grantStatus(g, now) === 'expired')) return 'expired';
  if (grants.some((g) => g.status === 'revoked')) return 'revoked';
  return 'none';
}

/** Why a gate refuses, in words for the 403 message. */
export function gateRefusal(matterId: string, grants: GrantLike[], now = new Date()): string | null {
  if (grants.some((g) => inEffect(g, now))) return null;
  const pending = grants.find((g) => grantStatus(g, now) === 'granted' && g.effective_at > now);
  if (pending)
    return `Matter ${matterId} has an authority grant that is not in effect until ${pending.effective_at.toISOString()}.`;
  const status = authorityStatus(grants, now);
  const why = {
    none: 'has no authority grant',
    expired: 'has only expired authority grants',
    revoked: 'has had its authority revoked',
    granted: '',
  }[status];
  return `Matter ${matterId} ${why}. Grant authority with POST /v1/matters/${matterId}/authority before this operation.`;
}
