import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../context';
import { sha256Hex } from '../json';

/**
 * Encryption at rest (AES-256-GCM) of secrets that must stay usable, so cannot be stored as a
 * hash like API keys are: webhook signing secrets, and the secrets inside stored idempotent
 * responses (src/server/http/idempotency.ts).
 *
 * The key comes from MD_ENCRYPTION_KEY (32 bytes as 64 hex characters or base64). When that is
 * unset, a key is generated once and stored in `webhook_settings`, so a first run works with no
 * configuration. Trade-off: a key kept in the same database protects nothing against someone
 * who has a copy of that database; set MD_ENCRYPTION_KEY (kept outside the database, e.g. in a
 * secret manager) in production. Each ciphertext names its key (a short key id), so secrets
 * written under the stored key still decrypt after MD_ENCRYPTION_KEY is introduced.
 *
 * The owning row's id (endpoint id, request fingerprint) is bound as additional authenticated
 * data: a ciphertext copied onto another row does not decrypt.
 */
const SETTING = 'encryption_key';
const VERSION = 'v1';

interface Key {
  id: string;
  bytes: Buffer;
}

const keyOf = (bytes: Buffer): Key => ({ id: sha256Hex(bytes).slice(0, 12), bytes });

function envKey(): Key | null {
  const raw = process.env.MD_ENCRYPTION_KEY?.trim();
  if (!raw) return null;
  const bytes = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (bytes.length !== 32) throw new Error('MD_ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64');
  return keyOf(bytes);
}

// The stored key never changes once committed, so the decrypting side reads it once per
// process. The encrypting side always reads it in its own transaction: a key inserted by a
// transaction that later rolls back must never be used.
let committedKey: Key | null = null;

async function readStoredKey(db: Db): Promise<Key | null> {
  const row = await db.webhookSetting.findUnique({ where: { name: SETTING } });
  return row ? keyOf(Buffer.from(row.value, 'base64')) : null;
}

async function storedKeyForWrite(db: Db): Promise<Key> {
  // Concurrent first writers: one INSERT wins, everyone reads the winner.
  await db.$executeRaw`INSERT INTO webhook_settings (name, value) VALUES (${SETTING}, ${randomBytes(32).toString('base64')}) ON CONFLICT (name) DO NOTHING`;
  return (await readStoredKey(db))!;
}

/** Encrypts `plaintext` for the row `aad` (the endpoint id), inside the caller's transaction. */
export async function encryptSecret(db: Db, plaintext: string, aad: string): Promise<string> {
  const key = envKey() ?? (await storedKeyForWrite(db));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv);
  cipher.setAAD(Buffer.from(aad));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    key.id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    ct.toString('base64url'),
  ].join('.');
}

/**
 * Decrypts a value written by encryptSecret (committed data: pass the client, not a
 * transaction). Throws when the key is unavailable or the data was altered.
 */
export async function decryptSecret(db: Db, stored: string, aad: string): Promise<string> {
  const [version, kid, iv, tag, ct] = stored.split('.');
  if (version !== VERSION || !ct) throw new Error('unreadable secret ciphertext');
  const env = envKey();
  const key = env?.id === kid ? env : (committedKey ??= await readStoredKey(db));
  if (!key || key.id !== kid)
    throw new Error(`secret encrypted under an unavailable key (${kid}); check MD_ENCRYPTION_KEY`);
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}
