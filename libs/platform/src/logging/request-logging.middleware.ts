// Gives each request an id (the caller's X-Request-Id when it is well-formed), echoes it in the
// response header, and logs one line per completed request.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pinoHttp from 'pino-http';
import { AppLogger } from './logger';
import { requestContext } from './request-context';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
export const REQUEST_ID_HEADER = 'X-Request-Id';

export function requestLoggingMiddleware(logger: AppLogger) {
  const httpLogger = pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      return 'info';
    },
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    autoLogging: { ignore: (req) => req.url === '/health/live' || req.url === '/health/ready' },
  });
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    httpLogger(req, res);
    requestContext.run({ requestId: String((req as IncomingMessage & { id: string }).id) }, next);
  };
}
