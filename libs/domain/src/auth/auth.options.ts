// What the authorization server and the bearer guard are configured with.
export interface AuthorizationServerOptions {
  /** The issuer: PUBLIC_BASE_URL. Also the public resource identifier and audience. */
  issuer: string;
  /** Audience of internal-gateway tokens. */
  internalAudience: string;
  accessTokenTtlSeconds: number;
  keyEncryptionKey: Buffer;
  /** KEY_ENCRYPTION_READ_V1: false refuses signing keys still in the first ciphertext format. Default true. */
  readFirstFormat?: boolean;
  rateLimits: {
    tokensPerMinutePerClient: number;
    /** Failed authentications for one client id from one address (an IPv6 /64) per window. */
    failedAuthPerClient: number;
    /** Failed authentications from one address (an IPv6 /64), whatever the client id, per window. */
    failedAuthPerAddress: number;
    /** Window of the failed-authentication limits, seconds. */
    failedAuthWindowSeconds: number;
  };
}

export const AUTHORIZATION_SERVER_OPTIONS = Symbol('AUTHORIZATION_SERVER_OPTIONS');

/** The longest token lifetime we allow: a rotated-out key stays published at least this long. */
export const MAX_ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Clock skew tolerated when checking exp/nbf/iat. */
export const CLOCK_SKEW_SECONDS = 30;

export function audienceFor(options: Pick<AuthorizationServerOptions, 'issuer' | 'internalAudience'>, audience: 'public' | 'internal'): string {
  return audience === 'public' ? options.issuer : options.internalAudience;
}
