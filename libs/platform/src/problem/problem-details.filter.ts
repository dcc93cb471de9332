// The one exception filter: every error leaves as an RFC 9457 problem body, never a stack trace.
import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppLogger } from '../logging/logger';
import { currentRequestId } from '../logging/request-context';
import { PROBLEM_CONTENT_TYPE, ProblemDetails, problemType, statusTitle } from './problem-details';
import { ProblemException } from './problem.exception';
import { problemWriterOf } from './problem-writers';
import { MAX_JSON_DEPTH } from '../http/json-depth';

/** Errors raised by Express's body parsers (http-errors): safe to describe, never to echo. */
const BODY_PARSER_DETAILS: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is larger than this operation accepts.',
  'encoding.unsupported': 'The request body uses a content encoding this service does not support.',
  'charset.unsupported': 'The request body uses a character set this service does not support.',
  'request.aborted': 'The request was aborted before its body was received.',
  'request.size.invalid': 'The request body does not match its Content-Length.',
  'parameters.too.many': 'The request body has too many parameters.',
  'entity.too.deep': `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
};

interface HttpError extends Error {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  type?: string;
}

function httpExceptionDetail(error: HttpException, status: number, request: Pick<Request, 'method' | 'path'>): string {
  // Nest wraps Express's own errors (body parsers, bad percent-encoding) and keeps the original as the cause.
  const cause = error.cause as HttpError | undefined;
  if (cause instanceof URIError) return 'The request path is not validly percent-encoded.';
  if (cause?.type && BODY_PARSER_DETAILS[cause.type]) return BODY_PARSER_DETAILS[cause.type];
  if (status === 404) return `No operation is served at ${request.method} ${request.path}.`;
  if (status === 405) return `${request.method} is not allowed on ${request.path}.`;
  return statusTitle(status);
}

export function toProblem(error: unknown, request: Pick<Request, 'method' | 'path'>): { problem: ProblemDetails; headers: Record<string, string> } {
  if (error instanceof ProblemException) {
    return { problem: { ...error.problem }, headers: error.headers };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const detail = httpExceptionDetail(error, status, request);
    return { problem: { type: problemType(status), title: statusTitle(status), status, detail }, headers: {} };
  }
  const httpError = error as HttpError;
  const status = httpError?.status ?? httpError?.statusCode;
  if (httpError?.expose && typeof status === 'number' && status >= 400 && status < 500) {
    const detail = (httpError.type && BODY_PARSER_DETAILS[httpError.type]) || statusTitle(status);
    return { problem: { type: problemType(status), title: statusTitle(status), status, detail }, headers: {} };
  }
  return {
    problem: {
      type: problemType(500),
      title: statusTitle(500),
      status: 500,
      detail: 'The service failed to answer this request. Quote the request id when reporting it.',
    },
    headers: {},
  };
}

@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  constructor(private readonly logger: AppLogger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const { problem, headers } = toProblem(error, request);
    const requestId = currentRequestId() ?? (request as Request & { id?: string }).id;
    if (problem.status >= 500) {
      problem.requestId = requestId;
      if (problem.status === 500) this.logger.error({ err: error, requestId }, 'unhandled error');
      else this.logger.warn({ err: (error as Error)?.message, requestId }, problem.detail);
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const writer = problemWriterOf(response);
    if (writer) {
      writer(problem, response);
      return;
    }
    response.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
  }
}
