// /metrics on a port of its own (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless told otherwise),
// never on the API port: the API's paths and its authentication stay as they are, and the metrics
// are reachable only where the operator binds them. Nothing listens when no port is configured.
import { createServer, Server } from 'node:http';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { GatewayMetrics } from './gateway-metrics';

export interface MetricsOptions {
  /** Unset: metrics are counted but not served. */
  port?: number;
  host: string;
}

export const METRICS_OPTIONS = Symbol('METRICS_OPTIONS');

@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    private readonly metrics: GatewayMetrics,
    @Inject(METRICS_OPTIONS) private readonly options: MetricsOptions,
  ) {}

  /** Where it listens, once listening. */
  get address(): { host: string; port: number } | undefined {
    const address = this.server?.address();
    return address && typeof address === 'object' ? { host: address.address, port: address.port } : undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.options.port === undefined) return;
    this.metrics.collectProcessMetrics();
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics.\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) =>
          res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
        () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
