import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Ids are `<prefix>_` + 24 base62 characters: 8 characters of creation time in milliseconds,
 * then 16 random ones. The alphabet is in ASCII order, so ids sort by creation time under a
 * byte-wise collation (the id columns use COLLATE "C"), which is what keyset paging relies on.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TIME_CHARS = 8;
const RANDOM_CHARS = 16;

export const PREFIXES = {
  matter: 'mtr',
  judgment: 'jdg',
  packet: 'pac',
  organization: 'org',
  asset_map: 'map',
  relationship: 'rel',
  counterparty: 'cou',
  graph: 'gra',
  action: 'act',
  watchlist: 'wat',
  alert: 'ale',
  report: 'rep',
  sanctions_review: 'rev',
  claimant: 'cla',
  remediation: 'rem',
  network_attribution: 'net',
  audit_event: 'eve',
  webhook_endpoint: 'we',
  request: 'req',
  api_key: 'key',
  user: 'usr',
  authority_grant: 'aut',
  export: 'exp',
  event: 'evt',
  webhook_delivery: 'whd',
  claim: 'clm',
  timeline: 'tml',
  hypothesis: 'hyp',
  ofac_report: 'ofr',
  destination_wallet: 'dwc',
  contact_log: 'con',
  ledger_entry: 'led',
  plan: 'plan',
  deadline: 'dl',
  validation: 'val',
  wallet: 'wal',
} as const;
export type IdKind = keyof typeof PREFIXES;

let lastMs = 0;
let seq = 0;

/**
 * Random bytes for ids, drawn from the CSPRNG 4 KiB at a time: one `randomBytes` call costs
 * about 5 µs whatever its size, and a write makes several ids. Each byte is used once.
 */
const randomPool = Buffer.alloc(4096);
let used = randomPool.length;
function randomOffset(n: number): number {
  if (used + n > randomPool.length) {
    randomFillSync(randomPool);
    used = 0;
  }
  used += n;
  return used - n;
}

export function encodeBase62(value: number, width: number): string {
  let out = '';
  let v = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

/** A new time-ordered id. Within one millisecond a counter keeps ids of this process ordered. */
export function newId(kind: IdKind, now = Date.now()): string {
  if (now === lastMs) seq++;
  else {
    lastMs = now;
    seq = 0;
  }
  const at = randomOffset(RANDOM_CHARS);
  let rand = encodeBase62(seq % 3844, 2); // same-ms ordering within this process
  for (let i = 2; i < RANDOM_CHARS; i++) rand += ALPHABET[randomPool[at + i] % 62];
  return `${PREFIXES[kind]}_${encodeBase62(now, TIME_CHARS)}${rand}`;
}

const ID_RE = /^([a-z]+)_([0-9A-Za-z]{24})$/;

/** True when `id` is well formed and carries the prefix of `kind`. */
export function isId(kind: IdKind, id: string): boolean {
  const m = ID_RE.exec(id);
  return !!m && m[1] === PREFIXES[kind];
}

export function prefixOf(id: string): string | null {
  return ID_RE.exec(id)?.[1] ?? null;
}

/** A random base62 string for secrets (uses rejection sampling, so no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}
