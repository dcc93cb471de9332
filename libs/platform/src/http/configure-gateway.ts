// Everything both gateways boot with, applied the same way in production and in tests.
import { Express, Request, RequestHandler, json, urlencoded } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger, PinoNestLogger } from '../logging/logger';
import { requestLifecycleMiddleware } from './request-lifecycle.middleware';
import { ProblemDetailsFilter } from '../problem/problem-details.filter';
import { ProblemWriter, useProblemWriter } from '../problem/problem-writers';
import { createValidationPipe } from '../validation/validation.pipe';
import { GatewayMetrics } from '../metrics/gateway-metrics';
import { requestDurationObserver } from '../metrics/metrics-middleware';
import { OpenApiOptions, setupOpenApi } from '../openapi/setup-openapi';
import { answerClientErrors } from './client-errors';
import { refuseDeepJson } from './json-depth';
import { jsonBodiesOnly } from './json-bodies-only';
import { API_SECURITY_HEADERS, planHelmetHeaders } from './response-headers';
import { ReadBodyGuard } from './read-body.guard';
import { requestClientAddress } from './client-address';

export interface GatewayOptions {
  logger: AppLogger;
  /** TRUST_PROXY: how many proxies in front append to X-Forwarded-For (0: none). */
  trustProxy: number;
  openApi: OpenApiOptions;
  /** Paths whose errors are written by their own writer rather than as problem bodies (the token endpoint's OAuth errors). */
  problemWriters?: Record<string, ProblemWriter>;
  /** The only paths whose bodies are form-encoded (the token endpoint); every other body must be JSON (415). */
  formBodyPaths?: string[];
  /** The request target as the log line shows it, credentials in the query redacted (RequestLifecycleOptions.logUrl). */
  logUrl?: (url: string) => string;
  /** Largest JSON body accepted; larger ones answer 413. */
  jsonBodyLimit?: string;
  /** The application's metrics (MetricsModule): every request is timed under its route template. */
  metrics?: GatewayMetrics;
}

export const JSON_CONTENT_TYPES = ['application/json', 'application/*+json'];

export function configureGateway(app: NestExpressApplication, options: GatewayOptions): void {
  app.useLogger(new PinoNestLogger(options.logger));
  // Express's hop count (X-Forwarded-Proto and -Host); the client address is ours: express would answer
  // whatever text sits at that hop, a port or 1,000 characters, where only an address may count.
  app.set('trust proxy', options.trustProxy);
  useClientAddress(app.getHttpAdapter().getInstance() as Express, options.trustProxy);
  app.disable('x-powered-by');
  app.set('etag', false);
  const headers = planHelmetHeaders(API_SECURITY_HEADERS);
  // API answers are private to the caller unless an operation says otherwise.
  headers.set.push(['Cache-Control', 'no-store']);
  // Request id, log line, security headers and the request's metric: one middleware, one completion listener.
  app.use(
    requestLifecycleMiddleware(options.logger, { headers, observe: options.metrics && requestDurationObserver(options.metrics), logUrl: options.logUrl }),
  );
  for (const [path, writer] of Object.entries(options.problemWriters ?? {})) app.use(onPathOnly(path, useProblemWriter(writer)));
  // Bodies are read once the bearer guard has let the request through (ReadBodyGuard): a media type
  // that is not accepted is refused unread (415). Not strict: a body that is valid JSON but not an
  // object reaches the validation pipe, which says so ("must be a JSON object") instead of calling it
  // invalid JSON.
  app.useGlobalGuards(
    new ReadBodyGuard([
      jsonBodiesOnly(JSON_CONTENT_TYPES, options.formBodyPaths ?? []),
      json({ limit: options.jsonBodyLimit ?? '1mb', strict: false, type: JSON_CONTENT_TYPES, verify: refuseDeepJson }),
      ...(options.formBodyPaths ?? []).map((path) => onPathOnly(path, urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }))),
    ]),
  );
  app.useGlobalFilters(new ProblemDetailsFilter(options.logger));
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app, options.openApi);
  answerClientErrors(app.getHttpServer());
}

/** A middleware for one path exactly (express's app.use(path) would also take /path/anything). */
function onPathOnly(path: string, middleware: RequestHandler): RequestHandler {
  return (req, res, next) => (req.path === path ? middleware(req, res, next) : next());
}

/** req.ip (Nest's @Ip()) of every request of the app: the client address of client-address.ts. */
function useClientAddress(express: Express, trustedProxies: number): void {
  Object.defineProperty(express.request, 'ip', {
    configurable: true,
    enumerable: true,
    get(this: Request) {
      return requestClientAddress(this, trustedProxies);
    },
  });
}
