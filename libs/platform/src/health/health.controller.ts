// Liveness (the process answers) and readiness (its dependencies answer, the database above all).
import { Controller, Get, HttpCode, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ServiceUnavailableProblem } from '../problem/problem.exception';
import { PublicRoute } from '../http/public-route.decorator';

export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when the dependency answers; rejects otherwise. */
  check(): Promise<void>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

@ApiExcludeController()
@PublicRoute()
@Controller('health')
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[]) {}

  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  async ready(): Promise<{ status: 'ok'; checks: Record<string, 'up'> }> {
    const results = await Promise.allSettled(this.checks.map((c) => c.check()));
    const failed = this.checks.filter((_, i) => results[i].status === 'rejected').map((c) => c.name);
    if (failed.length > 0) {
      throw new ServiceUnavailableProblem(`Not ready: ${failed.join(', ')} unreachable.`);
    }
    return { status: 'ok', checks: Object.fromEntries(this.checks.map((c) => [c.name, 'up' as const])) };
  }
}
