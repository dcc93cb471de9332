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
export const publicBaseUrl = (config: Pick<LauncherConfig, 'PUBLIC_BASE_URL' | 'PUBLIC_GATEWAY_PORT'>): string => config.PUBLIC_BASE_URL ?? servedPublicUrl(config);
