// Verifies a bearer token (passport-jwt): RS256 only, a key of the issuer's key set, `typ` at+jwt,
// `iss`, `aud`, `exp` and `nbf` with a small clock skew; then the caller identity it carries and
// whether its client has been revoked. Reads only: nothing is written per request.
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { decodeProtectedHeader } from 'jose';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AccessTokenClaims, identityFromClaims } from '../access-token';
import { CLOCK_SKEW_SECONDS } from '../auth.options';
import { AuthenticatedCaller } from '../caller-identity';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from './bearer.options';
import { IssuerKeySet } from './issuer-key-set';
import { RevocationCheck } from './revocation-check';

export class InvalidTokenError extends Error {}

const ACCEPTED_TYPES = new Set(['at+jwt', 'application/at+jwt']);

export const strategyName = (audience: BearerAuthOptions['audience']) => `bearer-${audience}`;

export function createBearerStrategy(audience: BearerAuthOptions['audience']) {
  @Injectable()
  class BearerStrategy extends PassportStrategy(Strategy, strategyName(audience)) {
    constructor(
      @Inject(BEARER_AUTH_OPTIONS) readonly options: BearerAuthOptions,
      readonly keySet: IssuerKeySet,
      readonly revocation: RevocationCheck,
    ) {
      super({
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.expectedAudience,
        ignoreExpiration: false,
        jsonWebTokenOptions: { clockTolerance: CLOCK_SKEW_SECONDS, algorithms: ['RS256'] },
        // The key is a parsed KeyObject kept per published key (IssuerKeySet): no PEM is parsed per request.
        secretOrKeyProvider: (_request: unknown, rawJwt: string, done: (err: unknown, key?: string) => void) => {
          let header: ReturnType<typeof decodeProtectedHeader>;
          try {
            header = decodeProtectedHeader(rawJwt);
          } catch {
            return done(new InvalidTokenError('The token is not a JWT.'));
          }
          if (header.alg !== 'RS256') return done(new InvalidTokenError('The token must be signed with RS256.'));
          if (typeof header.typ !== 'string' || !ACCEPTED_TYPES.has(header.typ.toLowerCase())) return done(new InvalidTokenError('The token is not an access token (typ at+jwt).'));
          if (typeof header.kid !== 'string' || header.kid.length === 0 || header.kid.length > 200) return done(new InvalidTokenError('The token names no signing key.'));
          keySet.publicKey(header.kid).then((key) => done(null, key as unknown as string), done);
        },
      });
    }

    async validate(claims: Partial<AccessTokenClaims>): Promise<AuthenticatedCaller> {
      const identity = identityFromClaims(claims);
      if (!identity || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') throw new InvalidTokenError('The token does not describe a caller.');
      if (await this.revocation.isRevoked(identity.clientId)) throw new InvalidTokenError("The token's client has been revoked.");
      return { identity, audience: this.options.audience, tokenId: claims.jti, expiresAt: claims.exp };
    }
  }
  return BearerStrategy;
}
