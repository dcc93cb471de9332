// RFC 9457 problem details: the one error body of both gateways.
import { ProblemTypeSlug, defaultProblemType, problemTypeUri } from './problem-types';

export interface ProblemFieldError {
  /** JSON pointer (RFC 6901) into the request part that is wrong, e.g. "/lineItems/0/quantity". */
  pointer: string;
  message: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: ProblemFieldError[];
  requestId?: string;
  [extension: string]: unknown;
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function statusTitle(status: number): string {
  return STATUS_TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/** The `type` of a problem of `status`: its own slug's URI, else the one of its status (never about:blank: every type has a page). */
export function problemType(status: number, slug?: ProblemTypeSlug): string {
  return problemTypeUri(slug ?? defaultProblemType(status));
}

/** Escapes one JSON pointer reference token (RFC 6901 section 3). */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}
