// Liveness (the process answers) and readiness (it can serve: it is not shutting down, its database answers
// and, on a gateway, it holds a key set to verify tokens with). A 503 names each check and whether it is up.
import { Controller, Get, HttpCode, Inject, Provider, Type } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import { ServiceUnavailableProblem } from '../problem/problem.exception';
import { PublicRoute } from '../http/public-route.decorator';
import { GatewayExpressAdapter } from '../http/gateway-http-adapter';

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
  ) {}

  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  async ready(): Promise<{ status: 'ok'; checks: Record<string, CheckStatus> }> {
    // Draining after a SIGTERM: not ready at once, whatever the dependencies say, so that a load balancer
    // takes the replica out while it still serves (SHUTDOWN_DELAY_MS).
    const adapter = this.adapterHost.httpAdapter;
    if (adapter instanceof GatewayExpressAdapter && adapter.isDraining) {
      throw new ServiceUnavailableProblem('Not ready: this process is shutting down.', 5, { checks: { shutdown: 'down' } });
    }
    const results = await Promise.allSettled(this.checks.map((c) => c.check()));
    const checks = Object.fromEntries(this.checks.map((c, i) => [c.name, results[i].status === 'fulfilled' ? 'up' : 'down'])) as Record<string, CheckStatus>;
    const failed = Object.keys(checks).filter((name) => checks[name] === 'down');
    if (failed.length > 0) {
      throw new ServiceUnavailableProblem(`Not ready: ${failed.join(', ')} unavailable.`, 5, { checks });
    }
    return { status: 'ok', checks };
  }
}
