// Verifies a bearer token: RS256 only, a key of the issuer's key set, `typ` at+jwt, `iss`, `aud`,
// `exp` (required) and `nbf` with a small clock skew (jose); then the caller identity it carries and
// whether its client has been revoked. Reads only: nothing is written per request.
import { Inject, Injectable } from '@nestjs/common';
import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { AccessTokenClaims, identityFromClaims } from '../access-token';
import { CLOCK_SKEW_SECONDS } from '../auth.options';
import { AuthenticatedCaller } from '../caller-identity';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from './bearer.options';
import { IssuerKeySet } from './issuer-key-set';
import { RevocationCheck } from './revocation-check';

/** A token was sent but cannot be accepted; the message is the RFC 6750 error_description. */
export class InvalidTokenError extends Error {}

const ACCEPTED_TYPES = new Set(['at+jwt', 'application/at+jwt']);
const ALGORITHMS = ['RS256'];

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), if there is one. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const match = authorization === undefined ? null : /^\s*bearer\s+(\S+)\s*$/i.exec(authorization);
  return match?.[1];
}

function detailOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return 'The token is not valid yet.';
    if (error.claim === 'aud') return 'The token is not meant for this gateway.';
    if (error.claim === 'iss') return "The token was not issued by this gateway's authorization server.";
  }
  return 'The token is not valid.';
}

@Injectable()
export class BearerTokenVerifier {
  constructor(
    @Inject(BEARER_AUTH_OPTIONS) private readonly options: BearerAuthOptions,
    private readonly keySet: IssuerKeySet,
    private readonly revocation: RevocationCheck,
  ) {}

  /** The verified caller; InvalidTokenError, UnknownKeyError or KeySetUnavailableError otherwise. */
  async verify(token: string): Promise<AuthenticatedCaller> {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidTokenError('The token is not a JWT.');
    }
    if (header.alg !== 'RS256') throw new InvalidTokenError('The token must be signed with RS256.');
    if (typeof header.typ !== 'string' || !ACCEPTED_TYPES.has(header.typ.toLowerCase())) throw new InvalidTokenError('The token is not an access token (typ at+jwt).');
    if (typeof header.kid !== 'string' || header.kid.length === 0 || header.kid.length > 200) throw new InvalidTokenError('The token names no signing key.');
    const key = await this.keySet.publicKey(header.kid);
    let claims: Partial<AccessTokenClaims>;
    try {
      ({ payload: claims } = await jwtVerify<Partial<AccessTokenClaims>>(token, key, {
        algorithms: ALGORITHMS,
        issuer: this.options.issuer,
        audience: this.options.expectedAudience,
        clockTolerance: CLOCK_SKEW_SECONDS,
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      throw new InvalidTokenError(detailOf(error));
    }
    const identity = identityFromClaims(claims);
    if (!identity || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') throw new InvalidTokenError('The token does not describe a caller.');
    if (await this.revocation.isRevoked(identity.clientId)) throw new InvalidTokenError("The token's client has been revoked.");
    return { identity, audience: this.options.audience, tokenId: claims.jti, expiresAt: claims.exp };
  }
}
