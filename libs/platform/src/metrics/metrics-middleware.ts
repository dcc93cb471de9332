// Counts every request under its route template (never the raw path: ids must not become labels) and
// status. Called by the request logging middleware when the answer is finished, so that a request has
// one completion listener for its log line and its metric.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GatewayMetrics, UNMATCHED_ROUTE } from './gateway-metrics';

type RoutedRequest = IncomingMessage & { route?: { path?: unknown } };

export type RequestObserver = (req: IncomingMessage, res: ServerResponse, seconds: number) => void;

export function requestDurationObserver(metrics: GatewayMetrics): RequestObserver {
  return (req: RoutedRequest, res, seconds) => {
    // Express sets req.route to the matched route: its path is the template, e.g. /v0/organizations/:organizationId/inventory.
    const route = typeof req.route?.path === 'string' ? req.route.path : UNMATCHED_ROUTE;
    metrics.requestDuration.observe({ method: req.method ?? 'UNKNOWN', route, status_code: String(res.statusCode) }, seconds);
  };
}
