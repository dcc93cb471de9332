// The one OAuth error of the token endpoint (RFC 6749 section 5.2): what the use case and the request
// parsing refuse with, its body, and the error that a problem raised around the endpoint becomes (a body
// the parsers refuse, a rate limit, a database outage).
import type { ProblemDetails } from '@gateway/platform';

export class OAuthError {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {}

  /** The body of RFC 6749 section 5.2: the code clients branch on and a description for display. */
  get body(): { error: string; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);

/** Every 401 carries a challenge (RFC 9110 section 15.5.2), whichever method the client used. */
export const invalidClient = (description: string) =>
  new OAuthError(401, 'invalid_client', description, { 'WWW-Authenticate': 'Basic realm="token", charset="UTF-8"' });

export const slowDown = (description: string, retryAfterSeconds: number) =>
  new OAuthError(429, 'slow_down', description, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) });

/** A problem raised before or around the endpoint, as an OAuth error (its headers are already on the answer). */
export function oauthErrorOfProblem(problem: ProblemDetails): OAuthError {
  const error = problem.status === 429 ? 'slow_down' : problem.status >= 500 ? 'temporarily_unavailable' : 'invalid_request';
  return new OAuthError(problem.status, error, problem.detail);
}
