import { DynamicModule, Type } from '@nestjs/common';
import type { GatewayConfig } from '@gateway/platform';
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

/** What a gateway says of its own tokens; the rest of BearerAuthOptions comes from the settings both gateways share. */
export type GatewayBearerAuth = Omit<BearerAuthOptions, 'issuer' | 'tokenCache' | 'requestQuota'>;

/** The shared settings bearer authentication reads (GatewayConfig): the issuer, the token cache, the request quota. */
export type BearerAuthSettings = Pick<
  GatewayConfig,
  'PUBLIC_BASE_URL' | 'TOKEN_CACHE_ENABLED' | 'TOKEN_CACHE_MAX_ENTRIES' | 'API_RATE_LIMIT_ENABLED' | 'API_RATE_LIMIT_PER_MINUTE'
>;

/**
 * A gateway's bearer-auth options from the settings both gateways share. Both count against one counter per client
 * and trust one issuer, so both build these options here, from one GatewayConfig.
 */
export function bearerAuthOptions(config: BearerAuthSettings, gateway: GatewayBearerAuth): BearerAuthOptions {
  return {
    ...gateway,
    issuer: config.PUBLIC_BASE_URL,
    tokenCache: { enabled: config.TOKEN_CACHE_ENABLED, maxEntries: config.TOKEN_CACHE_MAX_ENTRIES },
    requestQuota: { enabled: config.API_RATE_LIMIT_ENABLED, limitPerMinute: config.API_RATE_LIMIT_PER_MINUTE },
  };
}
