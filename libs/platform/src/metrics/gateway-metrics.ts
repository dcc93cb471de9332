// The metrics of one gateway process, in a registry of its own (several gateways can live in one
// test process). Counters are incremented where things happen; pool gauges are read on scrape.
import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Label of a request that matched no route (unknown path, or refused before routing, e.g. a body too large). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PoolStatistics {
  /** Connections open (idle and in use). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

@Injectable()
export class GatewayMetrics {
  readonly registry = new Registry();

  readonly requestDuration = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'Time from the request arriving to the last byte of the answer, per route template and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly tokensMinted = new Counter({
    name: 'gateway_tokens_minted_total',
    help: 'Access tokens issued by the token endpoint, per audience.',
    labelNames: ['audience'] as const,
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter({
    name: 'gateway_rate_limit_refusals_total',
    help: 'Requests answered 429, per limit (token_minting, failed_authentication).',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  readonly idempotentReplays = new Counter({
    name: 'gateway_idempotent_replays_total',
    help: 'Requests answered with the stored answer of an earlier request with the same Idempotency-Key, per operation.',
    labelNames: ['operation'] as const,
    registers: [this.registry],
  });

  private readonly pools = new Map<string, () => PoolStatistics>();
  private defaultMetrics = false;

  constructor() {
    const pools = this.pools;
    const gauge = (name: string, help: string, field: keyof PoolStatistics) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'] as const,
        registers: [this.registry],
        collect() {
          for (const [pool, read] of pools) this.set({ pool }, read()[field]);
        },
      });
    gauge('gateway_db_pool_connections', 'Database connections open (idle and in use), read on scrape.', 'total');
    gauge('gateway_db_pool_idle_connections', 'Database connections open and idle, read on scrape.', 'idle');
    gauge('gateway_db_pool_waiting_queries', 'Queries waiting for a database connection, read on scrape.', 'waiting');
  }

  /** Reports a connection pool on every scrape. */
  observePool(name: string, read: () => PoolStatistics): void {
    this.pools.set(name, read);
  }

  /** Node.js process metrics (CPU, memory, event loop lag, GC): only for a process whose metrics are scraped. */
  collectProcessMetrics(): void {
    if (this.defaultMetrics) return;
    this.defaultMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }
}
