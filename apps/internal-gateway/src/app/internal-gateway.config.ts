import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { GatewayConfig, MetricsPortField } from '@gateway/platform';

export class InternalGatewayConfig extends GatewayConfig {
  @Type(() => Number)
  @IsInt({ message: 'must be a port number between 1 and 65535' })
  @Min(1, { message: 'must be a port number between 1 and 65535' })
  @Max(65535, { message: 'must be a port number between 1 and 65535' })
  INTERNAL_GATEWAY_PORT = 3001;

  @MetricsPortField('INTERNAL_GATEWAY_PORT')
  METRICS_PORT?: number = undefined;
}
