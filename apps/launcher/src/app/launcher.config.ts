import { Transform, Type } from 'class-transformer';
import { toBoolean } from '@gateway/platform';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';

export class LauncherConfig {
  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL?: string = undefined;

  @IsString()
  DATA_DIR = './.data';

  @Type(() => Number)
  @IsInt({ message: 'must be a port number between 1 and 65535' })
  @Min(1, { message: 'must be a port number between 1 and 65535' })
  @Max(65535, { message: 'must be a port number between 1 and 65535' })
  PUBLIC_GATEWAY_PORT = 3000;

  @Type(() => Number)
  @IsInt({ message: 'must be a port number between 1 and 65535' })
  @Min(1, { message: 'must be a port number between 1 and 65535' })
  @Max(65535, { message: 'must be a port number between 1 and 65535' })
  INTERNAL_GATEWAY_PORT = 3001;

  /** Metrics port of each gateway (its METRICS_PORT); unset: that gateway serves no metrics. */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be a port number between 1 and 65535' })
  @Min(1, { message: 'must be a port number between 1 and 65535' })
  @Max(65535, { message: 'must be a port number between 1 and 65535' })
  PUBLIC_METRICS_PORT?: number = undefined;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be a port number between 1 and 65535' })
  @Min(1, { message: 'must be a port number between 1 and 65535' })
  @Max(65535, { message: 'must be a port number between 1 and 65535' })
  INTERNAL_METRICS_PORT?: number = undefined;

  /** The token issuer and public resource identifier; unset: the public gateway as served, http://localhost:PUBLIC_GATEWAY_PORT. */
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' })
  PUBLIC_BASE_URL?: string = undefined;

  @IsString()
  DEMO_FIXTURE = 'fixtures/demo.json';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' })
  LOG_LEVEL = 'info';

  /** true (or `npm start -- --quiet`): no demo client and no ready-to-run commands, only the URLs. */
  @Transform(toBoolean)
  @IsBoolean({ message: 'must be true or false' })
  START_QUIET = false;
}

/** The URL the public gateway is served on by `npm start`. */
export const servedPublicUrl = (config: Pick<LauncherConfig, 'PUBLIC_GATEWAY_PORT'>): string => `http://localhost:${config.PUBLIC_GATEWAY_PORT}`;

/** PUBLIC_BASE_URL as given, else the URL the public gateway is served on (so its issuer is itself). */
export const publicBaseUrl = (config: Pick<LauncherConfig, 'PUBLIC_BASE_URL' | 'PUBLIC_GATEWAY_PORT'>): string => config.PUBLIC_BASE_URL ?? servedPublicUrl(config);
