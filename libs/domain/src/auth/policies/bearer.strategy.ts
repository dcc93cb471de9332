// Verifies a bearer token (passport-jwt): RS256 only, a key of the issuer's key set held by this
// gateway, the header and claim rules of access-token-rules.ts, `iss`, `aud`, `exp` and `nbf` with a
// small clock skew; then the caller identity it carries and whether its client has been revoked. A
// token that passes is remembered in the verified-token cache. Reads only: nothing is written per request.
import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { decodeProtectedHeader } from 'jose';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AccessTokenClaims, identityFromClaims } from '../model/access-token';
import { CLOCK_SKEW_SECONDS } from '../auth.options';
import { AuthenticatedCaller } from '../model/caller-identity';
import { claimsProblem, headerProblem } from './access-token-rules';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from '../bearer.options';
import { IssuerKeySet } from '../use-cases/issuer-key-set';
import { RevocationCheck } from '../use-cases/revocation-check';
import { VerifiedTokenCache } from '../use-cases/verified-token-cache';

export class InvalidTokenError extends Error {}

export const REVOKED_CLIENT = "The token's client has been revoked.";

export const strategyName = (audience: BearerAuthOptions['audience']) => `bearer-${audience}`;

export const extractBearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

export function createBearerStrategy(audience: BearerAuthOptions['audience']) {
  @Injectable()
  class BearerStrategy extends PassportStrategy(Strategy, strategyName(audience)) {
    /** The kid of the token a request is being verified with, for its cache entry. */
    private readonly kids = new WeakMap<object, string>();

    constructor(
      @Inject(BEARER_AUTH_OPTIONS) readonly options: BearerAuthOptions,
      readonly keySet: IssuerKeySet,
      readonly revocation: RevocationCheck,
      readonly cache: VerifiedTokenCache,
    ) {
      super({
        jwtFromRequest: extractBearerToken,
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.expectedAudience,
        ignoreExpiration: false,
        passReqToCallback: true,
        jsonWebTokenOptions: { clockTolerance: CLOCK_SKEW_SECONDS, algorithms: ['RS256'] },
        // The key is a parsed KeyObject of the key set this gateway holds: no fetch, no PEM parsed per request.
        secretOrKeyProvider: (request: object, rawJwt: string, done: (err: unknown, key?: string) => void) => {
          let header: ReturnType<typeof decodeProtectedHeader>;
          try {
            header = decodeProtectedHeader(rawJwt);
          } catch {
            return done(new InvalidTokenError('The token is not a JWT.'));
          }
          const problem = headerProblem(header);
          if (problem) return done(new InvalidTokenError(problem));
          const kid = header.kid as string;
          this.kids.set(request, kid);
          keySet.publicKey(kid).then((key) => done(null, key as unknown as string), done);
        },
      });
    }

    async validate(request: object, claims: Partial<AccessTokenClaims>): Promise<AuthenticatedCaller> {
      const problem = claimsProblem(claims, this.options.expectedAudience);
      if (problem) throw new InvalidTokenError(problem);
      const identity = identityFromClaims(claims);
      if (!identity || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') throw new InvalidTokenError('The token does not describe a caller.');
      if (await this.revocation.isRevoked(identity.clientId)) throw new InvalidTokenError(REVOKED_CLIENT);
      const caller: AuthenticatedCaller = { identity, audience: this.options.audience, tokenId: claims.jti, expiresAt: claims.exp };
      const token = extractBearerToken(request as Parameters<typeof extractBearerToken>[0]);
      const kid = this.kids.get(request);
      if (token && kid) this.cache.set(token, { caller, kid, exp: claims.exp, nbf: claims.nbf });
      return caller;
    }
  }
  return BearerStrategy;
}
