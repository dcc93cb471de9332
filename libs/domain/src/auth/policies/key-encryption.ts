// Secrets at rest: AES-256-GCM, a fresh IV each, under a key per purpose derived from KEY_ENCRYPTION_KEY
// (32 bytes, base64) with HKDF-SHA-256: the token signing keys under one, the webhook endpoints' signing
// secrets under another, each endpoint's bound to its organization and endpoint as associated data (a
// ciphertext copied to another endpoint's row does not decrypt there).
//   v2.<iv>.<tag>.<ciphertext>   the purpose's derived key, with the associated data if any
//   v1.<iv>.<tag>.<ciphertext>   the first format: KEY_ENCRYPTION_KEY itself, no associated data; never
//                                written, read only while KEY_ENCRYPTION_READ_V1 is true (`admin
//                                keys:reencrypt` rewrites the rows left in it, and says how many remain)
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const LEGACY_VERSION = 'v1';
const VERSION = 'v2';

/** What a derived key encrypts: each purpose has a key of its own. */
export type KeyPurpose = 'token-signing-keys' | 'webhook-endpoint-secrets';

/** Where a webhook endpoint's secret belongs: its ciphertext decrypts for this endpoint only. */
export interface WebhookSecretOwner {
  organizationId: string;
  endpointId: string;
}

export function parseKeyEncryptionKey(base64: string): Buffer {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('KEY_ENCRYPTION_KEY must be 32 bytes, base64-encoded');
  return key;
}

const derived = new WeakMap<Buffer, Map<KeyPurpose, Buffer>>();

/** The purpose's key: HKDF-SHA-256 of KEY_ENCRYPTION_KEY, no salt (the key is uniformly random), the purpose as info. */
export function derivePurposeKey(keyEncryptionKey: Buffer, purpose: KeyPurpose): Buffer {
  let keys = derived.get(keyEncryptionKey);
  if (!keys) derived.set(keyEncryptionKey, (keys = new Map()));
  let key = keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', keyEncryptionKey, Buffer.alloc(0), `gateway key-encryption ${purpose} v2`, 32));
    keys.set(purpose, key);
  }
  return key;
}

function seal(plaintext: string, key: Buffer, associatedData?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (associatedData !== undefined) cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Whether first-format ciphertexts are still read (KEY_ENCRYPTION_READ_V1): once none is left, they are refused. */
export interface CiphertextFormats {
  readFirstFormat: boolean;
}

const READ_EVERY_FORMAT: CiphertextFormats = { readFirstFormat: true };

function open(sealed: string, keyEncryptionKey: Buffer, purpose: KeyPurpose, formats: CiphertextFormats, associatedData?: string): string {
  const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
  if ((version !== VERSION && version !== LEGACY_VERSION) || !iv || !tag || !ciphertext || rest.length) throw new Error('unreadable ciphertext');
  const legacy = version === LEGACY_VERSION;
  if (legacy && !formats.readFirstFormat) throw new Error('a first-format ciphertext, no longer read (KEY_ENCRYPTION_READ_V1=false)');
  const decipher = createDecipheriv('aes-256-gcm', legacy ? keyEncryptionKey : derivePurposeKey(keyEncryptionKey, purpose), Buffer.from(iv, 'base64url'));
  if (!legacy && associatedData !== undefined) decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether a ciphertext is still in the first format (the raw key, no associated data). */
export function isLegacyCiphertext(sealed: string): boolean {
  return sealed.startsWith(`${LEGACY_VERSION}.`);
}

/** A token signing key's private half (PKCS#8 PEM), under the token-signing-keys key. */
export function encryptPrivateKey(plaintext: string, keyEncryptionKey: Buffer): string {
  return seal(plaintext, derivePurposeKey(keyEncryptionKey, 'token-signing-keys'));
}

/** A token signing key's private half, from either format (the first only while `formats` reads it). Throws when the key or the ciphertext is wrong. */
export function decryptPrivateKey(sealed: string, keyEncryptionKey: Buffer, formats = READ_EVERY_FORMAT): string {
  return open(sealed, keyEncryptionKey, 'token-signing-keys', formats);
}

const webhookAssociatedData = (owner: WebhookSecretOwner) => `webhook-endpoint-secret/${owner.organizationId}/${owner.endpointId}`;

/** A webhook endpoint's signing secret, under the webhook-endpoint-secrets key, bound to its organization and endpoint. */
export function encryptWebhookSecret(secret: string, keyEncryptionKey: Buffer, owner: WebhookSecretOwner): string {
  return seal(secret, derivePurposeKey(keyEncryptionKey, 'webhook-endpoint-secrets'), webhookAssociatedData(owner));
}

/**
 * A webhook endpoint's signing secret, from either format (the first only while `formats` reads it): a v2
 * ciphertext only for the endpoint it was encrypted for. Throws when the key, the endpoint or the ciphertext
 * is wrong.
 */
export function decryptWebhookSecret(sealed: string, keyEncryptionKey: Buffer, owner: WebhookSecretOwner, formats = READ_EVERY_FORMAT): string {
  return open(sealed, keyEncryptionKey, 'webhook-endpoint-secrets', formats, webhookAssociatedData(owner));
}
