// Gives each request an id (the caller's X-Request-Id when it is well-formed), echoes it in the
// response header, and logs one line per completed request. Written by hand rather than with
// pino-http, which builds two child loggers per request: this is on every request's path.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppLogger } from './logger';
import { requestContext } from './request-context';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-Id';
const UNLOGGED_PATHS = new Set(['/health/live', '/health/ready']);

export function requestLoggingMiddleware(logger: AppLogger) {
  return (req: IncomingMessage & { id?: string }, res: ServerResponse, next: () => void) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    req.id = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    if (!UNLOGGED_PATHS.has(req.url ?? '')) {
      const started = Date.now();
      const done = () => {
        res.removeListener('finish', done);
        res.removeListener('close', done);
        const line = {
          requestId,
          req: { id: requestId, method: req.method, url: req.url, remoteAddress: req.socket?.remoteAddress },
          res: { statusCode: res.statusCode },
          responseTime: Date.now() - started,
        };
        if (res.statusCode >= 500) logger.error(line, 'request errored');
        else if (!res.writableFinished) logger.warn(line, 'request aborted');
        else logger.info(line, 'request completed');
      };
      res.on('finish', done);
      res.on('close', done);
    }
    requestContext.run({ requestId }, next);
  };
}
