import { createHash } from 'node:crypto';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { checksumAddress } from 'viem';

/**
 * Network detection and validation of a wallet address from its text alone: EVM (EIP-55
 * checksum when mixed case, via viem), Bitcoin (base58check P2PKH/P2SH, bech32 v0 and bech32m
 * v1+ segwit), Tron (base58check, version byte 0x41) and Solana (plain base58 of a 32-byte
 * ed25519 public key, no checksum). Validation is what makes a label or sanctions match
 * meaningful: a mistyped address must not silently match nothing.
 */
export type Network = 'evm' | 'bitcoin' | 'tron' | 'solana' | 'unknown';

export interface ParsedAddress {
  input: string;
  /** Canonical form: EIP-55 checksummed for EVM, lowercase for bech32, as given otherwise. */
  address: string;
  network: Network;
  address_type: string | null;
  valid: boolean;
  note: string | null;
}

const sha256 = (d: Uint8Array) => new Uint8Array(createHash('sha256').update(d).digest());
/** Base58check with double SHA-256 (Bitcoin P2PKH/P2SH, Tron). */
export const base58check = createBase58check(sha256);

/** The payload of a base58check string, or null when it does not decode or its checksum fails. */
export function decode58(s: string): Uint8Array | null {
  try {
    return base58check.decode(s);
  } catch {
    return null;
  }
}

function parseEvm(s: string): ParsedAddress {
  const hex = s.slice(2);
  const sameCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  const checksummed = checksumAddress(`0x${hex.toLowerCase()}`);
  if (!sameCase && checksummed !== s) {
    return {
      input: s,
      address: s,
      network: 'evm',
      address_type: 'account',
      valid: false,
      note: 'Mixed-case EVM address with an invalid EIP-55 checksum (likely mistyped).',
    };
  }
  return {
    input: s,
    address: checksummed,
    network: 'evm',
    address_type: 'account',
    valid: true,
    note: sameCase ? 'No EIP-55 checksum in the input (single case).' : null,
  };
}

function parseBech32(s: string): ParsedAddress {
  const lower = s.toLowerCase();
  const bad = (note: string): ParsedAddress => ({
    input: s,
    address: lower,
    network: 'bitcoin',
    address_type: null,
    valid: false,
    note,
  });
  if (s !== lower && s !== s.toUpperCase()) return bad('Mixed-case bech32 address.');
  for (const codec of [bech32, bech32m]) {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = codec.decode(lower as `${string}1${string}`, 90);
    } catch {
      continue;
    }
    if (decoded.prefix !== 'bc')
      return bad(`Unexpected bech32 prefix '${decoded.prefix}' (only Bitcoin mainnet 'bc' is recognized).`);
    const version = decoded.words[0];
    const program = codec.fromWords(decoded.words.slice(1));
    // BIP-350: version 0 uses bech32, versions 1-16 use bech32m.
    if ((version === 0) !== (codec === bech32)) return bad('Wrong checksum variant for the segwit version (BIP-350).');
    if (version === 0 && program.length === 20)
      return { input: s, address: lower, network: 'bitcoin', address_type: 'p2wpkh', valid: true, note: null };
    if (version === 0 && program.length === 32)
      return { input: s, address: lower, network: 'bitcoin', address_type: 'p2wsh', valid: true, note: null };
    if (version === 1 && program.length === 32)
      return { input: s, address: lower, network: 'bitcoin', address_type: 'p2tr', valid: true, note: null };
    if (version >= 1 && version <= 16 && program.length >= 2 && program.length <= 40) {
      return {
        input: s,
        address: lower,
        network: 'bitcoin',
        address_type: `segwit_v${version}`,
        valid: true,
        note: null,
      };
    }
    return bad('Invalid segwit program.');
  }
  return bad('Invalid bech32 checksum.');
}

/**
 * A Solana address: base58 (Bitcoin alphabet) of exactly 32 bytes, 32–44 characters (32 `1`s are
 * the all-zero key of the System Program). Solana keys carry no checksum, so the length of the
 * decoded bytes is the only test; it also keeps them apart from Bitcoin and Tron base58check
 * addresses, which decode to 25 bytes.
 */
function solanaBytes(s: string): Uint8Array | null {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)) return null;
  try {
    const b = base58.decode(s);
    return b.length === 32 ? b : null;
  } catch {
    return null;
  }
}

export function parseAddress(raw: string): ParsedAddress {
  const s = raw.trim();
  if (solanaBytes(s))
    return { input: s, address: s, network: 'solana', address_type: 'account', valid: true, note: null };
  if (/^0x[0-9a-fA-F]{40}$/.test(s)) return parseEvm(s);
  if (/^0x/i.test(s))
    return {
      input: s,
      address: s,
      network: 'evm',
      address_type: null,
      valid: false,
      note: 'An EVM address is 0x followed by 40 hex digits.',
    };
  if (/^bc1/i.test(s)) return parseBech32(s);
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(s)) {
    const b = decode58(s);
    const ok = !!b && b.length === 21 && b[0] === 0x41;
    return {
      input: s,
      address: s,
      network: 'tron',
      address_type: ok ? 'account' : null,
      valid: ok,
      note: ok ? null : 'Invalid Tron base58check address.',
    };
  }
  if (/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(s)) {
    const b = decode58(s);
    const ok = !!b && b.length === 21 && (b[0] === 0x00 || b[0] === 0x05);
    return {
      input: s,
      address: s,
      network: 'bitcoin',
      address_type: ok ? (b![0] === 0 ? 'p2pkh' : 'p2sh') : null,
      valid: ok,
      note: ok ? null : 'Invalid Bitcoin base58check address (bad checksum or version).',
    };
  }
  return {
    input: s,
    address: s,
    network: 'unknown',
    address_type: null,
    valid: false,
    note: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)
      ? 'Not a recognized address: as a Solana address it does not decode to a 32-byte public key.'
      : 'Not a recognized EVM, Bitcoin, Tron or Solana address.',
  };
}

/** The key an address is indexed under: case-insensitive forms are lowercased. */
export function addressKey(s: string): string {
  const t = s.trim();
  return /^(0x|bc1|ltc1|bitcoincash:|q[02-9ac-hj-np-z]{41}$)/i.test(t) ? t.toLowerCase() : t;
}
