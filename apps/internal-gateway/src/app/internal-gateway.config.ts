import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsOptional, IsUrl, Max, Min } from 'class-validator';
import { GatewayConfig, MetricsPortField, toBoolean } from '@gateway/platform';

export class InternalGatewayConfig extends GatewayConfig {
  @Type(() => Number)
  @IsInt({ message: 'must be a port number between 1 and 65535' })
  @Min(1, { message: 'must be a port number between 1 and 65535' })
  @Max(65535, { message: 'must be a port number between 1 and 65535' })
  INTERNAL_GATEWAY_PORT = 3001;

  /** How often an idle background worker looks for jobs another replica queued (a job queued here starts at once). */
  @Type(() => Number)
  @IsNumber({}, { message: 'must be a number of seconds between 0.5 and 60' })
  @Min(0.5, { message: 'must be a number of seconds between 0.5 and 60' })
  @Max(60, { message: 'must be a number of seconds between 0.5 and 60' })
  JOB_POLLING_INTERVAL_SECONDS = 2;

  /** false: this replica queues background jobs but leaves running them to the replicas where it is true. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'must be true or false' })
  JOB_WORKERS = true;

  /**
   * Where this gateway reaches the authorization server for its metadata and key set, when that is not
   * PUBLIC_BASE_URL (the issuer's public URL, which tokens name): its address on a private network, such
   * as http://public-gateway:3000 between containers. Unset: PUBLIC_BASE_URL.
   */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\/+$/, '') : value))
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' })
  ISSUER_DISCOVERY_URL?: string = undefined;

  @MetricsPortField('INTERNAL_GATEWAY_PORT')
  METRICS_PORT?: number = undefined;
}
