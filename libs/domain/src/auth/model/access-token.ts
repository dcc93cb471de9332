// The claims of our access tokens (RFC 9068 JWT profile) and the caller identity they carry.
import { CallerIdentity } from './caller-identity';

export const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessTokenClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  nbf: number;
  jti: string;
  client_id: string;
  scope?: string;
  /** The caller-identity claims the bearer guard reads. */
  client_type: CallerIdentity['clientType'];
  user_id?: string;
  organization_id?: string;
  connection_ids?: string[];
}

export function identityClaims(identity: CallerIdentity): Pick<AccessTokenClaims, 'client_type' | 'user_id' | 'organization_id' | 'connection_ids'> {
  switch (identity.clientType) {
    case 'USER':
      return { client_type: 'USER', user_id: identity.userId };
    case 'ORGANIZATION':
      return { client_type: 'ORGANIZATION', organization_id: identity.organizationId };
    case 'CONNECTOR':
      return { client_type: 'CONNECTOR', connection_ids: identity.connectionIds };
    case 'SERVICE':
      return { client_type: 'SERVICE' };
  }
}

/** The identity of a verified token's claims; undefined when they do not describe one. */
export function identityFromClaims(claims: Partial<AccessTokenClaims>): CallerIdentity | undefined {
  const clientId = claims.client_id;
  if (typeof clientId !== 'string' || claims.sub !== clientId) return undefined;
  switch (claims.client_type) {
    case 'USER':
      return typeof claims.user_id === 'string' ? { clientType: 'USER', clientId, userId: claims.user_id } : undefined;
    case 'ORGANIZATION':
      return typeof claims.organization_id === 'string' ? { clientType: 'ORGANIZATION', clientId, organizationId: claims.organization_id } : undefined;
    case 'CONNECTOR':
      return Array.isArray(claims.connection_ids) && claims.connection_ids.every((c) => typeof c === 'string')
        ? { clientType: 'CONNECTOR', clientId, connectionIds: claims.connection_ids }
        : undefined;
    case 'SERVICE':
      return { clientType: 'SERVICE', clientId };
    default:
      return undefined;
  }
}
