// One decorator for an operation that needs a bearer token: the OpenAPI security requirement and the
// answers checking the token can give: 401, 429 past the client's request quota, and 500 or 503 (with
// Retry-After) when the gateway cannot check it (its database or its issuer's keys unreachable). (The guard itself is global and denies by
// default; this only documents it.)
import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import { ApiProblemResponses } from '@gateway/platform';
import { AuthenticatedCaller } from '../model/caller-identity';

export const BEARER_SCHEME = 'bearer';

export const Authenticated = () => applyDecorators(ApiBearerAuth(BEARER_SCHEME), ApiProblemResponses(401, 429, 500, 503));

/** The verified caller of the request. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedCaller => {
  return context.switchToHttp().getRequest<{ caller: AuthenticatedCaller }>().caller;
});
