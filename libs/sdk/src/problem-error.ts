// The gateway's errors as typed exceptions: an RFC 9457 problem body (`type`, `title`, `status`, `detail`,
// `errors` for invalid input, `requestId` of a 5xx), with the answer it came in.
import type { components as PublicComponents } from './generated/public-api';

/** The documented problem types (`GET` on one, against the gateway's URL, answers a page explaining it). */
export type ProblemType = PublicComponents['schemas']['ProblemDetailsDto']['type'];

export interface Problem {
  type: ProblemType | string;
  title: string;
  status: number;
  detail: string;
  errors?: { pointer: string; message: string }[];
  requestId?: string;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly type: ProblemType | string;
  readonly title: string;
  readonly detail: string;
  readonly errors: { pointer: string; message: string }[];
  readonly requestId?: string;
  /** Seconds the gateway asked to wait (429, 503), when it said. */
  readonly retryAfter?: number;

  constructor(
    readonly problem: Problem,
    readonly response?: Response,
  ) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`);
    this.name = 'ProblemError';
    this.status = problem.status;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
    this.requestId = problem.requestId;
    const retryAfter = response?.headers.get('retry-after');
    if (retryAfter && /^\d+$/.test(retryAfter)) this.retryAfter = Number(retryAfter);
  }
}

const isProblem = (body: unknown): body is Problem =>
  typeof body === 'object' && body !== null && typeof (body as Problem).status === 'number' && typeof (body as Problem).title === 'string';

/** The error of a failed call as a ProblemError (a body that is not a problem becomes one with the status). */
export function toProblemError(response: Response, error: unknown): ProblemError {
  if (isProblem(error)) return new ProblemError(error, response);
  return new ProblemError(
    {
      type: 'about:blank',
      title: response.statusText || 'Error',
      status: response.status,
      detail: typeof error === 'string' ? error : JSON.stringify(error ?? null),
    },
    response,
  );
}

/**
 * The data of an openapi-fetch result, or a ProblemError: `const order = await unwrap(api.GET(...))`.
 * A success without a body (204) gives undefined.
 */
export async function unwrap<T>(
  result: Promise<{ data?: T; error?: unknown; response: Response }> | { data?: T; error?: unknown; response: Response },
): Promise<T> {
  const { data, error, response } = await result;
  if (!response.ok) throw toProblemError(response, error);
  return data as T;
}
