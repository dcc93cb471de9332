// The one global guard: every route needs a valid bearer token unless it is marked @PublicRoute().
// A token found in the verified-token cache skips verification, never the revocation check; any other
// goes through the passport-jwt strategy (run by strategy-run.ts, not passport.authenticate). A 401 is a problem body with WWW-Authenticate: Bearer (RFC 6750), plus
// resource_metadata (RFC 9728) on the public gateway; a gateway holding no key set answers 503. A request
// whose token passed counts against its client's quota (RequestQuota) before anything else reads it.
import { CanActivate, ExecutionContext, Inject, Injectable, Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Strategy } from 'passport';
import { PUBLIC_ROUTE, ProblemException, ServiceUnavailableProblem } from '@gateway/platform';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from '../bearer.options';
import { AuthenticatedCaller } from '../model/caller-identity';
import { InvalidTokenError, REVOKED_CLIENT, extractBearerToken } from './bearer.strategy';
import { strategyRunner } from './strategy-run';
import { IssuerKeySet, KeySetUnavailableError, UnknownKeyError } from '../use-cases/issuer-key-set';
import { RevocationCheck } from '../use-cases/revocation-check';
import { VerifiedTokenCache } from '../use-cases/verified-token-cache';
import { RequestQuota } from '../use-cases/request-quota';

const JWT_ERRORS: Record<string, string> = {
  TokenExpiredError: 'The token has expired.',
  NotBeforeError: 'The token is not valid yet.',
  JsonWebTokenError: 'The token is not valid.',
};

function detailOf(err: unknown, info: unknown): string | undefined {
  for (const candidate of [err, info]) {
    if (candidate instanceof InvalidTokenError) return candidate.message;
    if (candidate instanceof UnknownKeyError) return 'The token was signed by a key this gateway does not know.';
    const name = (candidate as Error | undefined)?.name;
    if (name && JWT_ERRORS[name]) {
      const message = (candidate as Error).message;
      if (/audience/.test(message)) return 'The token is not meant for this gateway.';
      if (/issuer/.test(message)) return "The token was not issued by this gateway's authorization server.";
      return JWT_ERRORS[name];
    }
  }
  return undefined;
}

/** The guard of a gateway, verifying with `strategyClass` (the passport-jwt strategy of bearer.strategy.ts) on a cache miss. */
export function createBearerAuthGuard(strategyClass: Type<Strategy>) {
  @Injectable()
  class BearerAuthGuard implements CanActivate {
    private readonly verify: ReturnType<typeof strategyRunner>;

    constructor(
      private readonly reflector: Reflector,
      @Inject(BEARER_AUTH_OPTIONS) private readonly options: BearerAuthOptions,
      private readonly cache: VerifiedTokenCache,
      private readonly keySet: IssuerKeySet,
      private readonly revocation: RevocationCheck,
      private readonly quota: RequestQuota,
      @Inject(strategyClass) strategy: Strategy,
    ) {
      this.verify = strategyRunner(strategy);
    }

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]);
      if (isPublic) return true;
      const http = context.switchToHttp();
      const request = http.getRequest<Request & { caller?: AuthenticatedCaller }>();
      const token = this.cache.maxEntries > 0 ? extractBearerToken(request) : null;
      const verified = token ? this.cache.get(token, (kid) => this.keySet.holds(kid)) : undefined;
      let caller: AuthenticatedCaller;
      if (!verified) {
        const { error, user, info } = await this.verify(request);
        if (error || !user) throw this.refusal(error, info);
        caller = user as AuthenticatedCaller;
      } else {
        let revoked: boolean;
        try {
          revoked = await this.revocation.isRevoked(verified.caller.identity.clientId);
        } catch (error) {
          throw this.refusal(error, undefined);
        }
        if (revoked) throw this.refusal(null, new InvalidTokenError(REVOKED_CLIENT));
        caller = verified.caller;
      }
      request.caller = caller;
      // Decided at once unless this replica must lease units of the client's quota first.
      const admitted = this.quota.admit(caller.identity.clientId, http.getResponse<Response>());
      if (admitted) await admitted;
      return true;
    }

    /** What answers a request whose token did not pass: `err` is a failure of the check, `info` the strategy's reason. */
    private refusal(err: unknown, info: unknown): unknown {
      if (err instanceof KeySetUnavailableError || info instanceof KeySetUnavailableError) {
        return new ServiceUnavailableProblem("The gateway cannot reach its authorization server's keys; try again shortly.");
      }
      // A failure of our own while checking a token (the database asked whether the client is revoked is
      // unreachable: a 503 problem) is not the caller's fault: it is answered as what it is, never as a 401.
      if (err instanceof ProblemException) return err;
      const detail = detailOf(err, info);
      if (err && !detail) return err;
      const params = [`realm="${this.options.audience}"`];
      // RFC 6750 section 3: error_description is limited to %x20-21 / %x23-5B / %x5D-7E.
      if (detail) params.push('error="invalid_token"', `error_description="${detail.replace(/[^\x20\x21\x23-\x5B\x5D-\x7E]/g, '')}"`);
      if (this.options.resourceMetadataUrl) params.push(`resource_metadata="${this.options.resourceMetadataUrl}"`);
      return new ProblemException(401, detail ?? 'A bearer access token is required.', {
        type: detail ? 'invalid-token' : undefined,
        headers: { 'WWW-Authenticate': `Bearer ${params.join(', ')}` },
      });
    }
  }
  return BearerAuthGuard;
}
