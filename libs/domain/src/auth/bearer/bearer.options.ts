export interface BearerAuthOptions {
  /** Which tokens this gateway accepts. */
  audience: 'public' | 'internal';
  /** The `aud` value those tokens carry. */
  expectedAudience: string;
  /** Where the authorization server is: its metadata locates the key set. */
  issuer: string;
  /**
   * Where to reach the issuer when its public URL is not reachable from here (a private network address):
   * its metadata is fetched there, must still name `issuer`, and its key-set URL is taken there too.
   */
  discoveryUrl?: string;
  /** RFC 9728 resource_metadata URL for WWW-Authenticate (public gateway only). */
  resourceMetadataUrl?: string;
}

export const BEARER_AUTH_OPTIONS = Symbol('BEARER_AUTH_OPTIONS');
