// Where a gateway's key set comes from: a source answers the issuer's whole JWK set each time it is asked.
import { Injectable } from '@nestjs/common';
import type { JSONWebKey } from 'jwks-rsa';
import { Database, SigningKeyRepository } from '@gateway/persistence';
import { publicJwk } from './signing-keys.service';

export interface KeySetSource {
  /** The issuer's published keys now; rejects when they cannot be read. */
  load(): Promise<JSONWebKey[]>;
}

export const KEY_SET_SOURCE = Symbol('KEY_SET_SOURCE');

/**
 * Both gateways read the keys the issuer publishes from the signing-key store of their database (the rows
 * the public gateway's JWKS answers, public members only), never over HTTP: the public gateway's URL need
 * not be reachable from inside, and whoever answered as it could otherwise hand the internal gateway a key
 * of their own and mint staff tokens. No KEY_ENCRYPTION_KEY is needed: the public halves are in clear.
 */
@Injectable()
export class SigningKeyStoreSource implements KeySetSource {
  constructor(
    private readonly db: Database,
    private readonly keys: SigningKeyRepository,
  ) {}

  async load(): Promise<JSONWebKey[]> {
    return (await this.keys.published(this.db)).map((row) => publicJwk(row.publicJwk)) as JSONWebKey[];
  }
}
