// Who is calling: the identity carried by a verified access token (spec 2.5, contract section 2).
export const CLIENT_TYPES = ['USER', 'ORGANIZATION', 'CONNECTOR', 'SERVICE'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

export const AUDIENCES = ['public', 'internal'] as const;
export type Audience = (typeof AUDIENCES)[number];

export type CallerIdentity =
  | { clientType: 'USER'; clientId: string; userId: string }
  | { clientType: 'ORGANIZATION'; clientId: string; organizationId: string }
  | { clientType: 'CONNECTOR'; clientId: string; connectionIds: string[] }
  | { clientType: 'SERVICE'; clientId: string };

/** What the bearer guard attaches to the request as `request.caller`. */
export interface AuthenticatedCaller {
  identity: CallerIdentity;
  audience: Audience;
  /** The token's `jti`. */
  tokenId: string;
  /** Token expiry, seconds since the epoch. */
  expiresAt: number;
}
