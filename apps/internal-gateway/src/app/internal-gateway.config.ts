import { Type } from 'class-transformer';
import { IsNumber, IsOptional, Max, Min } from 'class-validator';
import { BaseUrl, Flag, GatewayConfig, MetricsPortField, Port } from '@gateway/platform';

export class InternalGatewayConfig extends GatewayConfig {
  @Port()
  INTERNAL_GATEWAY_PORT = 3001;

  /** How often an idle background worker looks for jobs another replica queued (a job queued here starts at once). */
  @Type(() => Number)
  @IsNumber({}, { message: 'must be a number of seconds between 0.5 and 60' })
  @Min(0.5, { message: 'must be a number of seconds between 0.5 and 60' })
  @Max(60, { message: 'must be a number of seconds between 0.5 and 60' })
  JOB_POLLING_INTERVAL_SECONDS = 2;

  /** false: this replica queues background jobs but leaves running them to the replicas where it is true. */
  @Flag()
  JOB_WORKERS = true;

  /**
   * Retired: the gateway reads the issuer's keys from its database, never over HTTP. Still accepted (and
   * checked as before) so that a deployment setting it keeps starting; a warning says it is ignored.
   */
  @IsOptional()
  @BaseUrl()
  ISSUER_DISCOVERY_URL?: string = undefined;

  @MetricsPortField('INTERNAL_GATEWAY_PORT')
  METRICS_PORT?: number = undefined;
}
