import { DynamicModule, Type } from '@nestjs/common';
import { KeySetSource } from './use-cases/key-set-source';
import { RequestQuotaOptions } from './model/request-quota-options';

export interface BearerAuthOptions {
  /** Which tokens this gateway accepts. */
  audience: 'public' | 'internal';
  /** The `aud` value those tokens carry. */
  expectedAudience: string;
  /** The issuer tokens must name (`iss`). */
  issuer: string;
  /**
   * Where the key set comes from: the signing-key store of the gateway's database (`SigningKeyStoreSource`,
   * both gateways), or another source in tests; `imports` are modules it needs.
   */
  keySetSource: Type<KeySetSource>;
  imports?: DynamicModule[];
  /** RFC 9728 resource_metadata URL for WWW-Authenticate (public gateway only). */
  resourceMetadataUrl?: string;
  /** The cache of verified tokens: off, or at most this many entries. */
  tokenCache: { enabled: boolean; maxEntries: number };
  /** The quota every request with a verified token counts against (RequestQuota). */
  requestQuota: RequestQuotaOptions;
}

export const BEARER_AUTH_OPTIONS = Symbol('BEARER_AUTH_OPTIONS');
