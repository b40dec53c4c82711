/**
 * The gated collection operations that a sanctions pause stops (API-CONTRACT §9, §14, §15):
 * every packet creation but the sanctions review, and issuer freeze and burn/reissue. The
 * authority gate (services/matters/gate.ts) checks the pause for exactly these, for REST and
 * the console alike. Keys are "METHOD path" as in operations.json.
 */
export const COLLECTION_OPERATIONS = [
  'POST /v1/packets/exchange-intercept',
  'POST /v1/packets/vasp-legal-process',
  'POST /v1/packets/exchange-freeze',
  'POST /v1/packets/exchange-turnover',
  'POST /v1/packets/turnover-workflow',
  'POST /v1/packets/law-enforcement-referral',
  'POST /v1/issuer-remediation/freeze-packet',
  'POST /v1/issuer-remediation/burn-reissue-packet',
] as const;

const KEYS: ReadonlySet<string> = new Set(COLLECTION_OPERATIONS);

export const operationKey = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
export const isCollectionOperation = (op: { method: string; path: string }) => KEYS.has(operationKey(op));

/** Collection packets: every packet family but the sanctions review, which is counsel's answer
 *  to the pause itself. */
export const isCollectionPacket = (type: string) => type !== 'sanctions_review';

/**
 * The pause covers a collection packet's whole life (API-CONTRACT §21), not only its creation: a
 * packet drafted before the match must not go out while the match is open. These moves act on
 * the recipient and are refused; withdrawing, rejecting, sending back to review and recording a
 * response stop or document the work and stay allowed.
 */
const PAUSED_MOVES: ReadonlySet<string> = new Set(['approved', 'sent']);
export const isPausedPacketMove = (type: string, to: string) => isCollectionPacket(type) && PAUSED_MOVES.has(to);
