// What `npm run bench` reads from the environment, validated like every other process's configuration.
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const between = (min: number, max: number) => {
  const message = `must be an integer between ${min} and ${max}`;
  return [Type(() => Number), IsInt({ message }), Min(min, { message }), Max(max, { message })];
};
const apply =
  (decorators: PropertyDecorator[]): PropertyDecorator =>
  (target, key) =>
    decorators.forEach((d) => d(target, key));

export class BenchConfig {
  /** A Postgres server to benchmark on (a database of its own is created and dropped); embedded in a temp folder when unset. */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL?: string = undefined;

  /**
   * A streaming replica of DATABASE_URL's server (its database of the run is read there under the same name): adds
   * the inventory-1k-replica row and the primary's share of an inventory read (tools/bench-replica.mjs sets both).
   */
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  BENCH_READ_URL?: string = undefined;

  /** Measured seconds per run; each scenario runs BENCH_ROUNDS times per target. */
  @apply(between(1, 600))
  BENCH_DURATION_SECONDS = 5;

  /** Unmeasured seconds before each run. */
  @apply(between(0, 60))
  BENCH_WARMUP_SECONDS = 1;

  /** Gateway, baseline, gateway, baseline...: runs per target and scenario. */
  @apply(between(1, 10))
  BENCH_ROUNDS = 2;

  /** Concurrent connections of the load generator. */
  @apply(between(1, 1000))
  BENCH_CONNECTIONS = 10;

  /** Comma-separated scenario names to run, `cost-growth` among them (all when unset). */
  @IsOptional()
  @IsString()
  BENCH_SCENARIOS?: string = undefined;

  /** whoami-fresh-token: tokens per measured run (a tenth more for its warm-up), each sent once to each target. */
  @apply(between(100, 100_000))
  BENCH_FRESH_TOKENS = 5_000;

  /** Database pool of the gateways and the baseline alike. */
  @apply(between(1, 100))
  BENCH_POOL_MAX = 10;
}
