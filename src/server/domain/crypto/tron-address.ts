import { hex } from '@scure/base';
import { base58check, decode58 } from '../judgments/wallet-address';

/**
 * Tron addresses in their three spellings. Wallets are stored and shown in base58check (`T…`,
 * version byte 0x41 + 20 bytes); Tron's HTTP API writes the same 21 bytes as hex (`41…`); its
 * Ethereum-compatible JSON-RPC takes the 20 bytes without the 0x41 prefix as an EVM-style `0x…`
 * (log filters accept only that form), so the evm_rpc reader speaks `0x…` on the wire and turns
 * every address it gets back into `T…` before anything else sees it.
 * (developers.tron.network, "JSON-RPC API overview: compatibility conventions", read 2026-11-25.)
 */
const TRON_PREFIX = 0x41;

/** `T…` → the 21-byte hex form `41…` (lowercase); null when it is not a Tron address. */
export function tronToHex41(base58: string): string | null {
  const bytes = decode58(base58.trim());
  if (!bytes || bytes.length !== 21 || bytes[0] !== TRON_PREFIX) return null;
  return hex.encode(bytes);
}

/** `41…` (21 bytes, with or without 0x) or a 20-byte `0x…` → `T…`; null when neither. */
export function hexToTron(h: string): string | null {
  const s = h.trim().toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]*$/.test(s)) return null;
  const full = s.length === 40 ? `41${s}` : s.length === 42 && s.startsWith('41') ? s : null;
  return full ? base58check.encode(hex.decode(full)) : null;
}

/** `T…` → the JSON-RPC wire form: `0x` + the 20 address bytes (lowercase). */
export function tronToEvm(base58: string): `0x${string}` | null {
  const h = tronToHex41(base58);
  return h ? `0x${h.slice(2)}` : null;
}
