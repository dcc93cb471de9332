// Liveness (the process answers) and readiness (it can serve: it is not shutting down, its database answers
// and, on a gateway, it holds a key set to verify tokens with). A 503 names each check and whether it is up.
// The same checks are read on every scrape of /metrics (gateway_ready, gateway_readiness_check_up), so that
// an alert sees what a load balancer's probe sees.
import { Controller, Get, HttpCode, Inject, Optional, Provider, Type } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import { ServiceUnavailableProblem } from '../problem/problem.exception';
import { PublicRoute } from '../http/public-route.decorator';
import { GatewayExpressAdapter } from '../http/gateway-http-adapter';
import { GatewayMetrics } from '../metrics/gateway-metrics';

export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when the dependency answers; rejects otherwise. */
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

/** The provider of an application's readiness checks: each given class (a provider of the application) is asked. */
export const readinessChecks = (...checks: Type<ReadinessCheck>[]): Provider => ({
  provide: READINESS_CHECKS,
  useFactory: (...instances: ReadinessCheck[]) => instances,
  inject: checks,
});

type CheckStatus = 'up' | 'down';

@ApiExcludeController()
@PublicRoute()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[],
    private readonly adapterHost: HttpAdapterHost,
    @Optional() metrics?: GatewayMetrics,
  ) {
    if (metrics) this.observe(metrics);
  }

  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  async ready(): Promise<{ status: 'ok'; checks: Record<string, CheckStatus> }> {
    const { draining, checks } = await this.evaluate();
    // Draining after a SIGTERM: not ready at once, whatever the dependencies say, so that a load balancer
    // takes the replica out while it still serves (SHUTDOWN_DELAY_MS).
    if (draining) {
      throw new ServiceUnavailableProblem('Not ready: this process is shutting down.', 5, { checks: { shutdown: 'down' } });
    }
    const failed = Object.keys(checks).filter((name) => checks[name] === 'down');
    if (failed.length > 0) {
      throw new ServiceUnavailableProblem(`Not ready: ${failed.join(', ')} unavailable.`, 5, { checks });
    }
    return { status: 'ok', checks };
  }

  private async evaluate(): Promise<{ draining: boolean; checks: Record<string, CheckStatus> }> {
    const adapter = this.adapterHost.httpAdapter;
    if (adapter instanceof GatewayExpressAdapter && adapter.isDraining) return { draining: true, checks: {} };
    const results = await Promise.allSettled(this.checks.map((c) => c.check()));
    const checks = Object.fromEntries(this.checks.map((c, i) => [c.name, results[i].status === 'fulfilled' ? 'up' : 'down'])) as Record<string, CheckStatus>;
    return { draining: false, checks };
  }

  /** Readiness as gauges, evaluated on each scrape: 1 ready, 0 not (draining, or a check down). */
  private observe(metrics: GatewayMetrics): void {
    const names = this.checks.map((c) => c.name);
    let last: Promise<{ draining: boolean; checks: Record<string, CheckStatus> }> | undefined;
    // One evaluation serves both gauges of a scrape.
    const evaluate = () => (last ??= this.evaluate().finally(() => setImmediate(() => (last = undefined))));
    new Gauge({
      name: 'gateway_ready',
      help: 'Whether this process answers its readiness probe with 200 (1) or 503 (0), evaluated on scrape.',
      registers: [metrics.registry],
      async collect() {
        const { draining, checks } = await evaluate();
        this.set(!draining && Object.values(checks).every((c) => c === 'up') ? 1 : 0);
      },
    });
    new Gauge({
      name: 'gateway_readiness_check_up',
      help: 'Each readiness check (database, keySet) as the readiness probe sees it: 1 up, 0 down, evaluated on scrape.',
      labelNames: ['check'] as const,
      registers: [metrics.registry],
      async collect() {
        const { draining, checks } = await evaluate();
        if (draining) return;
        for (const name of names) this.set({ check: name }, checks[name] === 'up' ? 1 : 0);
      },
    });
  }
}
