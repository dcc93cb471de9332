// The one global guard: every route needs a valid bearer token unless it is marked @PublicRoute().
// A 401 is a problem body with WWW-Authenticate: Bearer (RFC 6750), plus resource_metadata (RFC 9728)
// on the public gateway.
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { PUBLIC_ROUTE, ProblemException, ServiceUnavailableProblem } from '@gateway/platform';
import { AuthenticatedCaller } from '../caller-identity';
import { BEARER_AUTH_OPTIONS, BearerAuthOptions } from './bearer.options';
import { BearerTokenVerifier, InvalidTokenError, bearerTokenOf } from './bearer-token-verifier';
import { KeySetUnavailableError, UnknownKeyError } from './issuer-key-set';

@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: BearerTokenVerifier,
    @Inject(BEARER_AUTH_OPTIONS) private readonly options: BearerAuthOptions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<{ headers: { authorization?: string }; caller?: AuthenticatedCaller }>();
    const token = bearerTokenOf(request.headers.authorization);
    if (token === undefined) throw this.unauthorized(undefined);
    try {
      request.caller = await this.verifier.verify(token);
      return true;
    } catch (error) {
      if (error instanceof KeySetUnavailableError) {
        throw new ServiceUnavailableProblem("The gateway cannot reach its authorization server's keys; try again shortly.");
      }
      if (error instanceof InvalidTokenError) throw this.unauthorized(error.message);
      if (error instanceof UnknownKeyError) throw this.unauthorized('The token was signed by a key this gateway does not know.');
      throw error;
    }
  }

  private unauthorized(detail: string | undefined): ProblemException {
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
