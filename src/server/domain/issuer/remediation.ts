import type { Stablecoin } from '../crypto/stablecoins';
import { functionName, unverifiedReasons } from '../crypto/stablecoins';

/**
 * Issuer remediation rules (API-CONTRACT §9, §15): the stage machine, the token choice of a
 * freeze packet, burn/reissue readiness and certificate approval. Pure functions over data.
 */
export const REMEDIATION_STATUSES = [
  'freeze_requested',
  'frozen',
  'burn_requested',
  'burned',
  'reissued',
  'remitted',
  'closed',
  'rejected',
] as const;
export type RemediationStatus = (typeof REMEDIATION_STATUSES)[number];
export const ACTION_TYPES = ['freeze_only', 'burn_reissue'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const CHAIN: RemediationStatus[] = [
  'freeze_requested',
  'frozen',
  'burn_requested',
  'burned',
  'reissued',
  'remitted',
  'closed',
];

/**
 * The stages a remediation may move to from `from`. The chain is linear; a freeze-only
 * remediation may end once frozen (frozen → closed) or go on to a burn (frozen →
 * burn_requested, which makes it a burn_reissue); any open stage may be rejected. `closed` and
 * `rejected` are final.
 */
export function nextStatuses(from: RemediationStatus, action: ActionType): RemediationStatus[] {
  if (from === 'closed' || from === 'rejected') return [];
  if (action === 'freeze_only' && from === 'frozen') return ['burn_requested', 'closed', 'rejected'];
  const i = CHAIN.indexOf(from);
  return [CHAIN[i + 1], 'rejected'];
}

/** A burn/reissue packet starts at burn_requested (the freeze precedes it); a freeze packet at freeze_requested. */
export const initialStatus = (action: ActionType): RemediationStatus =>
  action === 'burn_reissue' ? 'burn_requested' : 'freeze_requested';

/** A freezable stablecoin: the issuer data names at least one freeze function. */
export const isFreezable = (c: Stablecoin) => !!c.freeze?.length;

/** `packet_type` as `<ASSET>` or `<ASSET>:<network>`. */
export function parseTokenChoice(packetType: string): { asset: string; network: string | null } | null {
  const m = /^\s*([A-Za-z0-9.]+)(?::([a-z0-9_-]+))?\s*$/.exec(packetType);
  return m ? { asset: m[1].toUpperCase(), network: m[2] ?? null } : null;
}

export interface Candidate {
  asset: string;
  network: string;
}
export const candidateLabel = (c: Candidate) => `${c.asset}:${c.network}`;

/**
 * The token a freeze packet is for. `packetType` given: the entry of that ticker (on that
 * network, or the one network the wallets or the data allow). Omitted: the one freezable
 * stablecoin the wallets hold. Otherwise an error message listing the candidates.
 */
export function chooseToken(
  packetType: string | undefined,
  held: Candidate[],
  coins: Stablecoin[],
  walletNetworks: string[],
): { ok: true; coin: Stablecoin } | { ok: false; message: string } {
  const freezable = coins.filter(isFreezable);
  const heldFreezable = uniq(
    held.filter((h) => freezable.some((c) => c.ticker === h.asset && c.network === h.network)),
  );
  if (packetType === undefined || packetType.trim() === '') {
    if (heldFreezable.length === 1)
      return {
        ok: true,
        coin: freezable.find((c) => c.ticker === heldFreezable[0].asset && c.network === heldFreezable[0].network)!,
      };
    return {
      ok: false,
      message: heldFreezable.length
        ? `The wallets hold ${heldFreezable.length} freezable stablecoins; name one in packet_type: ${heldFreezable.map(candidateLabel).join(', ')}.`
        : `The wallets hold no freezable stablecoin; name the token in packet_type as <ASSET> or <ASSET>:<network>, one of: ${freezable.map((c) => `${c.ticker}:${c.network}`).join(', ')}.`,
    };
  }
  const choice = parseTokenChoice(packetType);
  const all = coins.map((c) => `${c.ticker}:${c.network}`).join(', ');
  if (!choice)
    return {
      ok: false,
      message: `packet_type '${packetType}' is not <ASSET> or <ASSET>:<network>; candidates: ${all}.`,
    };
  let matches = coins.filter((c) => c.ticker === choice.asset && (!choice.network || c.network === choice.network));
  if (!choice.network && matches.length > 1) {
    const narrowed = matches.filter((c) => heldFreezable.some((h) => h.asset === c.ticker && h.network === c.network));
    const onWalletNets = matches.filter((c) => walletNetworks.includes(c.network));
    matches = narrowed.length ? narrowed : onWalletNets.length ? onWalletNets : matches;
  }
  if (matches.length === 1) return { ok: true, coin: matches[0] };
  if (!matches.length) return { ok: false, message: `No shipped issuer data for '${packetType}'; candidates: ${all}.` };
  return {
    ok: false,
    message: `'${packetType}' is issued on several networks; name one: ${matches.map((c) => `${c.ticker}:${c.network}`).join(', ')}.`,
  };
}

const uniq = (xs: Candidate[]) => [...new Map(xs.map((x) => [candidateLabel(x), x])).values()];

/** The issuer data a remediation names, and why it needs review (unverified or missing functions). */
export function issuerFacts(coin: Stablecoin, action: ActionType) {
  const reasons = unverifiedReasons(coin);
  if (coin.freeze && !coin.freeze.length)
    reasons.push(
      `${coin.ticker} on ${coin.network} has no issuer freeze function: the issuer cannot block a holder on-chain.`,
    );
  if (action === 'burn_reissue' && !coin.burn_wipe?.length)
    reasons.push(
      `The issuer data names no burn/wipe function for ${coin.ticker} on ${coin.network}; confirm the issuer's burn and reissue procedure.`,
    );
  return {
    issuer: coin.issuer,
    asset: coin.ticker,
    network: coin.network,
    contract: coin.contract,
    functions: {
      freeze: coin.freeze ?? null,
      unfreeze: coin.unfreeze ?? null,
      check: coin.check ?? null,
      burn: coin.burn_wipe ?? null,
      freeze_function: coin.freeze?.length ? functionName(coin.freeze[0]) : null,
      check_function: coin.check?.length ? functionName(coin.check[0]) : null,
    },
    review_reasons: reasons,
  };
}

export interface BurnReadinessInput {
  certificate: { id: string; approval_status: string; screen_status: string; allowed_assets: string[] } | null;
  asset: string;
  source_types: string[];
  grant_basis: string;
  grant_source_types: string[];
}

/** Burn/reissue readiness: an approved, clear destination certificate and a court order. */
export function burnReissueReadiness(i: BurnReadinessInput) {
  const checks: { check: string; status: 'pass' | 'fail'; reason: string }[] = [];
  const cert = i.certificate;
  if (cert && cert.approval_status === 'approved' && cert.screen_status === 'clear') {
    checks.push({
      check: 'destination_wallet_certificate',
      status: 'pass',
      reason: `Destination wallet certificate ${cert.id} is approved and its sanctions screen is clear.`,
    });
  } else {
    checks.push({
      check: 'destination_wallet_certificate',
      status: 'fail',
      reason: `No approved destination wallet certificate on the matter covers ${i.asset}; create one (POST /v1/issuer-remediation/destination-wallet-certificate) and have counsel approve it in the console.`,
    });
  }
  const court =
    i.grant_basis === 'court_order' ||
    i.source_types.includes('court_order') ||
    i.grant_source_types.includes('court_order');
  checks.push(
    court
      ? { check: 'court_order', status: 'pass', reason: 'A court order backs the burn and reissue.' }
      : {
          check: 'court_order',
          status: 'fail',
          reason: 'A burn/reissue needs a court order: cite a court_order source or a court_order authority grant.',
        },
  );
  const missing = checks.filter((c) => c.status === 'fail').map((c) => c.check);
  return { ready: missing.length === 0, missing_items: missing, checks };
}

/** Whether a certificate covers an asset (an empty allowed_assets list covers every asset). */
export const certificateCovers = (allowed: string[], asset: string) =>
  !allowed.length || allowed.some((a) => a.toUpperCase() === asset.toUpperCase());

/**
 * Counsel's decision on a certificate (§9): only a pending one is decided, and `approved`
 * needs a complete, clear sanctions screen. A listed wallet's certificate is never approved.
 */
export function certificateDecision(
  cert: { approval_status: string; sanctions_screen_complete: boolean; screen_status: string },
  to: 'approved' | 'rejected',
) {
  if (cert.approval_status !== 'pending')
    return {
      ok: false as const,
      code: 'invalid_state_transition' as const,
      message: `The certificate is already ${cert.approval_status}; only a pending certificate is decided.`,
    };
  if (to === 'approved' && !(cert.sanctions_screen_complete && cert.screen_status === 'clear')) {
    return {
      ok: false as const,
      code: 'conflict' as const,
      message: 'The destination wallet matches the OFAC list; its certificate can never be approved.',
    };
  }
  return { ok: true as const };
}
