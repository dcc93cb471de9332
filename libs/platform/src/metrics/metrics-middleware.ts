// Times every request and counts it under its route template (never the raw path: ids must not
// become labels) and status.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GatewayMetrics, UNMATCHED_ROUTE } from './gateway-metrics';

type RoutedRequest = IncomingMessage & { route?: { path?: unknown } };

export function metricsMiddleware(metrics: GatewayMetrics) {
  return (req: RoutedRequest, res: ServerResponse, next: () => void) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      // Express sets req.route to the matched route: its path is the template, e.g. /v0/organizations/:organizationId/inventory.
      const route = typeof req.route?.path === 'string' ? req.route.path : UNMATCHED_ROUTE;
      metrics.requestDuration.observe({ method: req.method ?? 'UNKNOWN', route, status_code: String(res.statusCode) }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
