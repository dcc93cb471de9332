import { IsOptional, IsString } from 'class-validator';
import { Flag, HttpUrl, LogLevel, Port, PostgresUrl } from '@gateway/platform';

export class LauncherConfig {
  @IsOptional()
  @PostgresUrl()
  DATABASE_URL?: string = undefined;

  @IsString()
  DATA_DIR = './.data';

  @Port()
  PUBLIC_GATEWAY_PORT = 3000;

  @Port()
  INTERNAL_GATEWAY_PORT = 3001;

  /** Metrics port of each gateway (its METRICS_PORT); unset: that gateway serves no metrics. */
  @IsOptional()
  @Port()
  PUBLIC_METRICS_PORT?: number = undefined;

  @IsOptional()
  @Port()
  INTERNAL_METRICS_PORT?: number = undefined;

  /** The token issuer and public resource identifier; unset: the public gateway as served, http://localhost:PUBLIC_GATEWAY_PORT. */
  @IsOptional()
  @HttpUrl()
  PUBLIC_BASE_URL?: string = undefined;

  @IsString()
  DEMO_FIXTURE = 'fixtures/demo.json';

  @LogLevel()
  LOG_LEVEL = 'info';

  /** true (or `npm start -- --quiet`): no demo client and no ready-to-run commands, only the URLs. */
  @Flag()
  START_QUIET = false;
}

/** The URL the public gateway is served on by `npm start`. */
export const servedPublicUrl = (config: Pick<LauncherConfig, 'PUBLIC_GATEWAY_PORT'>): string => `http://localhost:${config.PUBLIC_GATEWAY_PORT}`;

/** PUBLIC_BASE_URL as given, else the URL the public gateway is served on (so its issuer is itself). */
export const publicBaseUrl = (config: Pick<LauncherConfig, 'PUBLIC_BASE_URL' | 'PUBLIC_GATEWAY_PORT'>): string =>
  config.PUBLIC_BASE_URL ?? servedPublicUrl(config);

/**
 * WEBHOOK_DENIED_PORTS for the public gateway: both gateways' ports and metrics ports, so that no webhook
 * can be aimed at them on localhost, plus whatever the operator denied (`operatorValue`, comma-separated).
 */
export function webhookDeniedPorts(
  config: Pick<LauncherConfig, 'PUBLIC_GATEWAY_PORT' | 'INTERNAL_GATEWAY_PORT' | 'PUBLIC_METRICS_PORT' | 'INTERNAL_METRICS_PORT'>,
  operatorValue: string | undefined,
): string {
  const ports = [config.PUBLIC_GATEWAY_PORT, config.INTERNAL_GATEWAY_PORT, config.PUBLIC_METRICS_PORT, config.INTERNAL_METRICS_PORT]
    .filter((port) => port !== undefined)
    .map(String);
  const operator = (operatorValue ?? '')
    .split(',')
    .map((port) => port.trim())
    .filter((port) => port.length > 0);
  return [...new Set([...operator, ...ports])].join(',');
}
