export interface BearerAuthOptions {
  /** Which tokens this gateway accepts. */
  audience: 'public' | 'internal';
  /** The `aud` value those tokens carry. */
  expectedAudience: string;
  /** Where the authorization server is: its metadata locates the key set. */
  issuer: string;
  /** RFC 9728 resource_metadata URL for WWW-Authenticate (public gateway only). */
  resourceMetadataUrl?: string;
}

export const BEARER_AUTH_OPTIONS = Symbol('BEARER_AUTH_OPTIONS');
