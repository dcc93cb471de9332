// Where a gateway's key set comes from: a source answers the issuer's whole JWK set each time it is asked.
import { Inject, Injectable } from '@nestjs/common';
import { JSONWebKey, JwksClient } from 'jwks-rsa';
import { SigningKeysService } from './signing-keys.service';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from '../bearer.options';
import { getIssuerMetadata } from './get-issuer-metadata';

export interface KeySetSource {
  /** The issuer's published keys now; rejects when they cannot be read. */
  load(): Promise<JSONWebKey[]>;
}

export const KEY_SET_SOURCE = Symbol('KEY_SET_SOURCE');

/**
 * The public gateway is the issuer: it reads the keys it publishes from its own signing-key store,
 * never over its public URL (which need not be reachable from inside).
 */
@Injectable()
export class SigningKeyStoreSource implements KeySetSource {
  constructor(private readonly signingKeys: SigningKeysService) {}

  async load(): Promise<JSONWebKey[]> {
    return (await this.signingKeys.publishedJwks()).keys as JSONWebKey[];
  }
}

const FETCH_TIMEOUT_MS = 3_000;

/**
 * Another gateway finds the key set the way spec section 5 describes: the issuer's
 * /.well-known/openid-configuration names jwks_uri, which jwks-rsa fetches. Both are reached at
 * `discoveryUrl` when the issuer's public URL is not reachable from here.
 */
@Injectable()
export class IssuerDiscoverySource implements KeySetSource {
  private client?: JwksClient;

  constructor(@Inject(BEARER_AUTH_OPTIONS) private readonly options: BearerAuthOptions) {}

  async load(): Promise<JSONWebKey[]> {
    this.client ??= await this.discover();
    return ((await this.client.getKeys()) as JSONWebKey[] | undefined) ?? [];
  }

  private async discover(): Promise<JwksClient> {
    const { issuer } = this.options;
    const base = this.options.discoveryUrl ?? issuer;
    const metadata = ((await getIssuerMetadata(`${base}/.well-known/openid-configuration`, FETCH_TIMEOUT_MS)) ?? {}) as { issuer?: string; jwks_uri?: string };
    if (metadata.issuer !== issuer || typeof metadata.jwks_uri !== 'string') throw new Error('issuer metadata does not match the issuer');
    // Reached at another address: the key set, published under the issuer's URL, is fetched at that address too.
    const jwksUri = base !== issuer && metadata.jwks_uri.startsWith(`${issuer}/`) ? base + metadata.jwks_uri.slice(issuer.length) : metadata.jwks_uri;
    return new JwksClient({ jwksUri, cache: false, rateLimit: false, timeout: FETCH_TIMEOUT_MS });
  }
}
