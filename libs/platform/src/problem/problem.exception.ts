import { HttpException } from '@nestjs/common';
import { ProblemDetails, ProblemFieldError, problemType, statusTitle } from './problem-details';
import type { ProblemTypeSlug } from './problem-types';

export interface ProblemOptions {
  /** Slug of the problem type (PROBLEM_TYPES), e.g. "validation-failed"; when omitted, the type of the status. */
  type?: ProblemTypeSlug;
  title?: string;
  errors?: ProblemFieldError[];
  headers?: Record<string, string>;
  extensions?: Record<string, unknown>;
}

/** An error that becomes an RFC 9457 problem body with the given status. */
export class ProblemException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string, options: ProblemOptions = {}) {
    const body: ProblemDetails = {
      type: problemType(status, options.type),
      title: options.title ?? statusTitle(status),
      status,
      detail,
      ...(options.errors ? { errors: options.errors } : {}),
      ...options.extensions,
    };
    super(body, status);
    this.headers = options.headers ?? {};
  }

  get problem(): ProblemDetails {
    return this.getResponse() as ProblemDetails;
  }
}

export class BadRequestProblem extends ProblemException {
  constructor(detail: string, errors?: ProblemFieldError[]) {
    super(400, detail, { type: errors ? 'validation-failed' : undefined, errors });
  }
}

export class NotFoundProblem extends ProblemException {
  constructor(detail: string) {
    super(404, detail);
  }
}

export class ForbiddenProblem extends ProblemException {
  constructor(detail: string) {
    super(403, detail);
  }
}

export class ConflictProblem extends ProblemException {
  constructor(detail: string, type?: ProblemTypeSlug) {
    super(409, detail, { type });
  }
}

export class ServiceUnavailableProblem extends ProblemException {
  constructor(detail: string, retryAfterSeconds = 5, extensions?: Record<string, unknown>) {
    super(503, detail, { type: 'service-unavailable', headers: { 'Retry-After': String(retryAfterSeconds) }, extensions });
  }
}

export class TooManyRequestsProblem extends ProblemException {
  constructor(detail: string, retryAfterSeconds: number, type: ProblemTypeSlug = 'rate-limited') {
    super(429, detail, { type, headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
  }
}
