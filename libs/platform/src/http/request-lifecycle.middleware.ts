// The one middleware every request passes, from arrival to answer: it gives the request an id (the
// caller's X-Request-Id when it is well-formed) and echoes it, sets the response headers planned at boot,
// runs the rest in the request's context (so every log line carries the id), and once the answer is
// finished logs one line and reports it to the metrics: one layer and one completion listener for all.
// Written by hand rather than with pino-http, which builds two child loggers per request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderPlan, setPlannedHeaders } from './response-headers';
import type { RequestObserver } from '../metrics/metrics-middleware';
import { AppLogger } from '../logging/logger';
import { requestContext } from '../logging/request-context';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-Id';
const UNLOGGED_PATHS = new Set(['/health/live', '/health/ready']);
const NO_HEADERS: HeaderPlan = { set: [], remove: [] };

export interface RequestLifecycleOptions {
  /** Headers every answer carries (planHelmetHeaders), set before the request goes on. */
  headers?: HeaderPlan;
  /** Told of every finished answer (not of an aborted one), with its duration in seconds. */
  observe?: RequestObserver;
  /**
   * The request target as the log line shows it: the gateways pass redactUrlQuery (libs/tracing, where the
   * trace attributes use it too: a utility library imports no other). Default: the path without its query.
   */
  logUrl?: (url: string) => string;
}

const pathOnly = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

export function requestLifecycleMiddleware(logger: AppLogger, options: RequestLifecycleOptions = {}) {
  const headers = options.headers ?? NO_HEADERS;
  const observe = options.observe;
  const logUrl = options.logUrl ?? pathOnly;
  // The request line is built here from fields that hold no credential (ids, method, address, status) and
  // the URL, whose query is redacted (logUrl: a secret sent in a query string by mistake never reaches the
  // log); pino's redaction, a cost docs/decisions/benchmarks.md#what-the-figures-changed-in-the-gateway names, has
  // nothing to find in it and is left out.
  const requestLog = logger.child({}, { redact: [] });
  return (req: IncomingMessage & { id?: string }, res: ServerResponse, next: () => void) => {
    const started = performance.now();
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    req.id = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    setPlannedHeaders(res, headers);
    const logged = !UNLOGGED_PATHS.has(req.url ?? '');
    if (logged || observe) {
      const done = () => {
        res.removeListener('finish', done);
        res.removeListener('close', done);
        const elapsedMs = performance.now() - started;
        if (observe && res.writableFinished) observe(req, res, elapsedMs / 1000);
        if (!logged) return;
        const line = {
          requestId,
          req: { id: requestId, method: req.method, url: req.url === undefined ? undefined : logUrl(req.url), remoteAddress: req.socket?.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(elapsedMs),
        };
        if (res.statusCode >= 500) requestLog.error(line, 'request errored');
        else if (!res.writableFinished) requestLog.warn(line, 'request aborted');
        else requestLog.info(line, 'request completed');
      };
      res.on('finish', done);
      res.on('close', done);
    }
    requestContext.run({ requestId }, next);
  };
}
