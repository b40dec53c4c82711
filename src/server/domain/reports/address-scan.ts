import { shortAddress } from '../packets/redaction';

/**
 * Wallet addresses (and transaction hashes, which name their wallets as surely) found in free
 * text by shape, in one linear pass: a single scan picks candidates, and each candidate is
 * classified by anchored tests on its own few dozen characters and a Set lookup of the
 * addresses the report names. The cost grows with the text, never with the number of
 * addresses (one RegExp per address took seconds over a few thousand wallets).
 *
 * Shapes recognized whatever the report collected:
 * - EVM: `0x` + 40 hex (also inside a longer word); transaction hashes `0x` + 64 hex or 64 hex;
 * - Bitcoin bech32 `bc1…` (one case), legacy and P2SH base58 `1…`/`3…` of 25–34 characters;
 * - Tron `T` + 33 base58;
 * - Solana and other base58 keys of 32–44 characters.
 * The guard against ordinary words and ids: a base58 candidate must be one whole alphanumeric
 * run (so `mtr_…` ids, whose 24-character tail follows an underscore, never qualify by length)
 * and must mix upper and lower case (legacy, Solana) and, for the 32–44 shape, hold a digit:
 * words, CamelCase names and hex digests fail one of these, while a random base58 key fails
 * them about once in a thousand, and the Set lookup still catches every address the report names.
 */
const B58 = '1-9A-HJ-NP-Za-km-z';

// An EVM address or hash anywhere, or a whole alphanumeric run long enough to be an address.
// Bounded quantifiers and single-character lookarounds keep each position's work constant.
const CANDIDATE =
  /0x[0-9a-fA-F]{40}(?:[0-9a-fA-F]{24})?(?![0-9a-fA-F])|(?<![0-9A-Za-z])[0-9A-Za-z]{25,90}(?![0-9A-Za-z])/g;
const EVM_INSIDE = /0x[0-9a-fA-F]{40}(?![0-9a-fA-F])/g;

const EVM = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^(?:0x)?[0-9a-fA-F]{64}$/;
const BECH32 = /^(?:bc1[02-9ac-hj-np-z]{11,71}|BC1[02-9AC-HJ-NP-Z]{11,71})$/;
const TRON = new RegExp(`^T[${B58}]{33}$`);
const LEGACY = new RegExp(`^[13][${B58}]{24,33}$`);
const BASE58_KEY = new RegExp(`^[${B58}]{32,44}$`);
const hasLower = (t: string) => /[a-z]/.test(t);
const hasUpper = (t: string) => /[A-Z]/.test(t);

/** Whether one whole token reads as a wallet address or transaction hash by its shape alone. */
export function looksLikeAddress(t: string): boolean {
  if (EVM.test(t) || HASH.test(t) || BECH32.test(t)) return true;
  if (TRON.test(t)) return hasLower(t);
  if (LEGACY.test(t) && hasLower(t) && hasUpper(t)) return true;
  return BASE58_KEY.test(t) && /\d/.test(t) && hasLower(t) && hasUpper(t);
}

/** The lookup set of the addresses a report names (case-insensitive, as EVM and bech32 are). */
export const addressSet = (addresses: Iterable<string>) =>
  new Set([...addresses].filter((a) => a.length > 12).map((a) => a.toLowerCase()));

/** `s` with every address in it cut to its first 6 and last 4 characters. Idempotent. */
export function shortenAddressesIn(s: string, known: ReadonlySet<string>): string {
  return s.replace(CANDIDATE, (t) =>
    known.has(t.toLowerCase()) || looksLikeAddress(t) ? shortAddress(t) : t.replace(EVM_INSIDE, shortAddress),
  );
}
