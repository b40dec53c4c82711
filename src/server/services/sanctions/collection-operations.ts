import { PACKET_FAMILIES, type PacketFamily } from '../../domain/packets/families';
import { holdTreatment } from '../../domain/sanctions/blocked-property';

/**
 * The gated collection operations a sanctions hold can refuse (API-CONTRACT §9, §14, §15; issue
 * 30 part 3). Blocking freezes property in place, so while a match is open the operations that
 * restrain, preserve or discover (a freeze, a hold, preservation, legal process, a referral) go
 * ahead, and those that would move the property (turnover, remittance, self-custody turnover,
 * issuer freeze, burn/reissue) are refused: they need an OFAC specific license (31 CFR
 * 501.801). The request is read from the body (`packet_type`) where one creation path carries
 * both kinds. The enforcement plan classifies its steps with the same table
 * (domain/sanctions/blocked-property.ts), so the plan never offers what the API refuses.
 * Keys are "METHOD path" as in operations.json.
 */
const REQUEST_OF: Record<string, (body: { packet_type?: unknown }) => string | null> = {
  'POST /v1/packets/exchange-intercept': (b) => packetType('exchange_intercept', b),
  'POST /v1/packets/vasp-legal-process': (b) => packetType('vasp_legal_process', b),
  'POST /v1/packets/exchange-freeze': (b) => packetType('exchange_freeze', b),
  'POST /v1/packets/exchange-turnover': (b) => packetType('exchange_turnover', b),
  'POST /v1/packets/turnover-workflow': (b) => packetType('turnover_workflow', b),
  'POST /v1/packets/law-enforcement-referral': (b) => packetType('law_enforcement_referral', b),
  'POST /v1/issuer-remediation/freeze-packet': () => 'issuer_freeze',
  'POST /v1/issuer-remediation/burn-reissue-packet': () => 'burn_reissue',
};
export const COLLECTION_OPERATIONS = Object.keys(REQUEST_OF);

/** The request a creation asks for: the body's packet_type, else the family's default; null for
 *  a packet_type the family does not have (the service answers that 400 parameter_invalid). */
function packetType(family: PacketFamily, body: { packet_type?: unknown }) {
  const types: readonly string[] = PACKET_FAMILIES[family].packet_types;
  if (body?.packet_type === undefined) return types[0];
  return typeof body.packet_type === 'string' && types.includes(body.packet_type) ? body.packet_type : null;
}

export const operationKey = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
export const isCollectionOperation = (op: { method: string; path: string }) => operationKey(op) in REQUEST_OF;

/** Whether this call of a collection operation moves property, so a hold refuses it. */
export function operationNeedsLicense(op: { method: string; path: string }, body: unknown) {
  const request = REQUEST_OF[operationKey(op)]?.((body ?? {}) as { packet_type?: unknown });
  return !!request && holdTreatment(request) === 'license_required';
}

/** Collection packets: every packet family but the sanctions review, which is counsel's answer
 *  to the pause itself. */
export const isCollectionPacket = (type: string) => type !== 'sanctions_review';

/** A packet whose request moves property (turnover, remittance, self-custody turnover): the
 *  hold refuses its approval, sending, export and being logged as sent. A restraint or
 *  preservation packet goes out while the match is open, as blocking allows. */
export const packetNeedsLicense = (p: { type: string; packet_type: string }) =>
  isCollectionPacket(p.type) && holdTreatment(p.packet_type) === 'license_required';

/**
 * The hold covers a license-bound packet's whole life (API-CONTRACT §21), not only its creation:
 * a turnover drafted before the match must not go out while the match is open. These moves act
 * on the recipient and are refused; withdrawing, rejecting, sending back to review and recording
 * a response stop or document the work and stay allowed.
 */
const PAUSED_MOVES: ReadonlySet<string> = new Set(['approved', 'sent']);
export const isPausedPacketMove = (p: { type: string; packet_type: string }, to: string) =>
  packetNeedsLicense(p) && PAUSED_MOVES.has(to);
