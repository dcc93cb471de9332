// Paths whose errors keep the OAuth error object of RFC 6749 section 5.2 (the token endpoint), even
// when the error happens before the endpoint runs (a body the parsers refuse, a database outage).
import type { ProblemDetails } from './problem-details';

const OAUTH_ERRORS = 'oauthErrorFormat';

type Locals = { locals: Record<string, unknown> };

/** Middleware: errors of this request are written as OAuth error objects. */
export function useOAuthErrorFormat(_req: unknown, res: Locals, next: () => void): void {
  res.locals[OAUTH_ERRORS] = true;
  next();
}

export function wantsOAuthErrors(res: Partial<Locals>): boolean {
  return res.locals?.[OAUTH_ERRORS] === true;
}

export function toOAuthError(problem: ProblemDetails): { error: string; error_description: string } {
  const error = problem.status === 429 ? 'slow_down' : problem.status >= 500 ? 'temporarily_unavailable' : 'invalid_request';
  return { error, error_description: problem.detail };
}
