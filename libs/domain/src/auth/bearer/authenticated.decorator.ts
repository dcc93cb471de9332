// One decorator for an operation that needs a bearer token: the OpenAPI security requirement and its
// 401 answer. (The guard itself is global and denies by default; this only documents it.)
import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ProblemDetailsDto } from '@gateway/platform';
import { AuthenticatedCaller } from '../caller-identity';

export const BEARER_SCHEME = 'bearer';

export const Authenticated = () =>
  applyDecorators(
    ApiBearerAuth(BEARER_SCHEME),
    ApiUnauthorizedResponse({ description: 'No valid bearer access token (WWW-Authenticate: Bearer)', type: ProblemDetailsDto }),
  );

/** The verified caller of the request. */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedCaller => {
  return context.switchToHttp().getRequest<{ caller: AuthenticatedCaller }>().caller;
});
