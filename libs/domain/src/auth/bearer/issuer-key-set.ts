// The issuer's public keys, found the way spec section 5 describes: the issuer's
// /.well-known/openid-configuration names jwks_uri. Keys are cached, and fetches of the key set are
// rate-limited, so that tokens with random unknown kids cannot turn into a flood of fetches.
import { KeyObject, createPublicKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JwksClient } from 'jwks-rsa';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from './bearer.options';

export class KeySetUnavailableError extends Error {}
export class UnknownKeyError extends Error {}

const METADATA_RETRY_MS = 5_000;
/** Parsed keys kept: a few keys are published at a time (the active one and those retired lately). */
const PARSED_KEYS_MAX = 20;

@Injectable()
export class IssuerKeySet {
  private client?: JwksClient;
  private discovery?: Promise<JwksClient>;
  private lastFailure = 0;
  /** PEM -> parsed key: parsing a PEM costs more than verifying a signature, so it is done once per key. */
  private readonly parsed = new Map<string, KeyObject>();

  constructor(@Inject(BEARER_AUTH_OPTIONS) private readonly options: BearerAuthOptions) {}

  /**
   * The public key for `kid`. Whether the key is still published is asked of the key-set cache every
   * time (so a withdrawn key stops working when that cache expires); only the parsing is remembered.
   */
  async publicKey(kid: string): Promise<KeyObject> {
    const client = await this.jwksClient();
    let pem: string;
    try {
      pem = (await client.getSigningKey(kid)).getPublicKey();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'SigningKeyNotFoundError' || name === 'JwksRateLimitError') throw new UnknownKeyError(`unknown key ${kid}`);
      throw new KeySetUnavailableError((error as Error).message);
    }
    let key = this.parsed.get(pem);
    if (!key) {
      if (this.parsed.size >= PARSED_KEYS_MAX) this.parsed.clear();
      key = createPublicKey(pem);
      this.parsed.set(pem, key);
    }
    return key;
  }

  private async jwksClient(): Promise<JwksClient> {
    if (this.client) return this.client;
    if (Date.now() - this.lastFailure < METADATA_RETRY_MS) throw new KeySetUnavailableError('the issuer metadata was unreachable moments ago');
    this.discovery ??= this.discover();
    try {
      this.client = await this.discovery;
      return this.client;
    } catch (error) {
      this.discovery = undefined;
      this.lastFailure = Date.now();
      throw new KeySetUnavailableError((error as Error).message);
    }
  }

  private async discover(): Promise<JwksClient> {
    const { issuer } = this.options;
    const base = this.options.discoveryUrl ?? issuer;
    const url = `${base}/.well-known/openid-configuration`;
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`issuer metadata answered ${response.status}`);
    const metadata = (await response.json()) as { issuer?: string; jwks_uri?: string };
    if (metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string') throw new Error('issuer metadata does not match the issuer');
    // Reached at another address: the key set, published under the issuer's URL, is fetched at that address too.
    const jwksUri = base !== issuer && metadata.jwks_uri.startsWith(`${issuer}/`) ? base + metadata.jwks_uri.slice(issuer.length) : metadata.jwks_uri;
    return new JwksClient({
      jwksUri,
      cache: true,
      cacheMaxEntries: 20,
      cacheMaxAge: 10 * 60 * 1000,
      rateLimit: true,
      jwksRequestsPerMinute: 10,
      timeout: 3_000,
    });
  }
}
