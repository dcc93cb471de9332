// Client ids and secrets: secrets carry 256 bits from the CSPRNG, are shown once, and are kept only as
// a SHA-256 digest. A slow password hash buys nothing for a 256-bit random secret (no dictionary to
// try), and a fast one keeps the token endpoint cheap; comparison is constant-time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const HASH_PREFIX = 'sha256:';

export function generateClientId(): string {
  return `cl_${randomBytes(16).toString('base64url')}`;
}

export function generateClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashClientSecret(secret: string): string {
  return HASH_PREFIX + createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Compares a presented secret's digest (hashClientSecret) with the stored one in constant time. */
export function clientSecretHashMatches(presentedHash: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'utf8');
  const actual = Buffer.from(presentedHash, 'utf8');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
