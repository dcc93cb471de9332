// Secrets at rest: a key per purpose derived from KEY_ENCRYPTION_KEY, webhook secrets bound to their endpoint,
// and the first format (the raw key, no associated data) still read.
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import {
  decryptPrivateKey,
  decryptWebhookSecret,
  derivePurposeKey,
  encryptPrivateKey,
  encryptWebhookSecret,
  isLegacyCiphertext,
  parseKeyEncryptionKey,
} from './key-encryption';

/** What the first version wrote: AES-256-GCM under KEY_ENCRYPTION_KEY itself, no associated data. */
function legacyEncrypt(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

describe('key encryption', () => {
  const key = parseKeyEncryptionKey(randomBytes(32).toString('base64'));
  const endpoint = { organizationId: randomUUID(), endpointId: randomUUID() };

  it('derives a different key for each purpose, neither of them KEY_ENCRYPTION_KEY', () => {
    const signing = derivePurposeKey(key, 'token-signing-keys');
    const webhooks = derivePurposeKey(key, 'webhook-endpoint-secrets');
    expect(signing).toHaveLength(32);
    expect(webhooks).toHaveLength(32);
    expect(signing.equals(webhooks)).toBe(false);
    expect(signing.equals(key) || webhooks.equals(key)).toBe(false);
    // The same for the same key, another for another key.
    expect(derivePurposeKey(Buffer.from(key), 'token-signing-keys').equals(signing)).toBe(true);
    expect(derivePurposeKey(randomBytes(32), 'token-signing-keys').equals(signing)).toBe(false);
  });

  it('writes the current format only, which a ciphertext of the other purpose does not open', () => {
    const pem = '-----BEGIN PRIVATE KEY-----\nMIIB';
    const sealedKey = encryptPrivateKey(pem, key);
    const sealedSecret = encryptWebhookSecret('whsec_abc', key, endpoint);
    expect([isLegacyCiphertext(sealedKey), isLegacyCiphertext(sealedSecret)]).toEqual([false, false]);
    expect(sealedKey.split('.')[0]).toBe('v2');
    expect(decryptPrivateKey(sealedKey, key)).toBe(pem);
    expect(decryptWebhookSecret(sealedSecret, key, endpoint)).toBe('whsec_abc');
    expect(() => decryptWebhookSecret(sealedKey, key, endpoint)).toThrow();
    expect(() => decryptPrivateKey(sealedSecret, key)).toThrow();
  });

  it('reads the first format (the raw key, no associated data) for both purposes', () => {
    const legacyKey = legacyEncrypt('-----BEGIN PRIVATE KEY-----', key);
    const legacySecret = legacyEncrypt('whsec_old', key);
    expect(isLegacyCiphertext(legacySecret)).toBe(true);
    expect(decryptPrivateKey(legacyKey, key)).toBe('-----BEGIN PRIVATE KEY-----');
    expect(decryptWebhookSecret(legacySecret, key, endpoint)).toBe('whsec_old');
    expect(() => decryptWebhookSecret(legacySecret, randomBytes(32), endpoint)).toThrow();
  });

  it('refuses the first format once it is no longer read (KEY_ENCRYPTION_READ_V1=false), and still reads the current one', () => {
    const refused = { readFirstFormat: false };
    expect(() => decryptPrivateKey(legacyEncrypt('-----BEGIN PRIVATE KEY-----', key), key, refused)).toThrow(
      'a first-format ciphertext, no longer read (KEY_ENCRYPTION_READ_V1=false)',
    );
    expect(() => decryptWebhookSecret(legacyEncrypt('whsec_old', key), key, endpoint, refused)).toThrow('no longer read');
    expect(decryptPrivateKey(encryptPrivateKey('pem', key), key, refused)).toBe('pem');
    expect(decryptWebhookSecret(encryptWebhookSecret('whsec_new', key, endpoint), key, endpoint, refused)).toBe('whsec_new');
  });

  it("binds a webhook secret to its organization and endpoint: moved to another endpoint's row, it does not decrypt", () => {
    const sealed = encryptWebhookSecret('whsec_bound', key, endpoint);
    expect(() => decryptWebhookSecret(sealed, key, { ...endpoint, endpointId: randomUUID() })).toThrow('Unsupported state or unable to authenticate data');
    expect(() => decryptWebhookSecret(sealed, key, { ...endpoint, organizationId: randomUUID() })).toThrow('Unsupported state or unable to authenticate data');
    expect(() => decryptWebhookSecret(sealed, randomBytes(32), endpoint)).toThrow();
    expect(decryptWebhookSecret(sealed, key, endpoint)).toBe('whsec_bound');
  });

  it('refuses text that is not a ciphertext of either format', () => {
    expect(() => decryptPrivateKey('v3.a.b.c', key)).toThrow('unreadable ciphertext');
    expect(() => decryptPrivateKey('v2.a.b', key)).toThrow('unreadable ciphertext');
  });
});
