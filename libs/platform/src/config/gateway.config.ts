// Variables every gateway process reads; each app extends this class with its own.
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsIP, IsOptional, IsString, IsUrl, Matches, Max, Min, ValidateBy, ValidationArguments } from 'class-validator';

export const toBoolean = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === '1' ? true : value === false || value === 'false' || value === '0' ? false : value;

export class GatewayConfig {
  @IsIn(['development', 'production', 'test'], { message: 'must be one of development, production, test' })
  NODE_ENV = 'production';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' })
  LOG_LEVEL = 'info';

  @IsString()
  HOST = '0.0.0.0';

  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL!: string;

  @Type(() => Number)
  @IsInt({ message: 'must be an integer between 1 and 100' })
  @Min(1, { message: 'must be an integer between 1 and 100' })
  @Max(100, { message: 'must be an integer between 1 and 100' })
  DATABASE_POOL_MAX = 10;

  @Type(() => Number)
  @IsInt({ message: 'must be an integer number of milliseconds between 100 and 60000' })
  @Min(100, { message: 'must be an integer number of milliseconds between 100 and 60000' })
  @Max(60000, { message: 'must be an integer number of milliseconds between 100 and 60000' })
  DATABASE_CONNECT_TIMEOUT_MS = 3000;

  @Type(() => Number)
  @IsInt({ message: 'must be an integer number of milliseconds between 100 and 600000' })
  @Min(100, { message: 'must be an integer number of milliseconds between 100 and 600000' })
  @Max(600000, { message: 'must be an integer number of milliseconds between 100 and 600000' })
  /** Server-side statement timeout; the client gives up 500 ms later, so a database that stops answering is a 503 within 5 s (contract section 3). */
  DATABASE_STATEMENT_TIMEOUT_MS = 4000;

  /** The token issuer and the public resource identifier (the `aud` of public tokens). */
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\/+$/, '') : value))
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /** The `aud` of internal-gateway tokens. */
  @Matches(/^\S{1,200}$/, { message: 'must be 1 to 200 characters without spaces' })
  INTERNAL_AUDIENCE = 'urn:gateway:internal';

  @Type(() => Number)
  @IsInt({ message: 'must be an integer number of milliseconds between 0 and 120000' })
  @Min(0, { message: 'must be an integer number of milliseconds between 0 and 120000' })
  @Max(120000, { message: 'must be an integer number of milliseconds between 0 and 120000' })
  SHUTDOWN_GRACE_MS = 10000;

  @Transform(toBoolean)
  @IsBoolean({ message: 'must be true or false' })
  TRUST_PROXY = false;

  /** The cache of verified bearer tokens (a token reused is not verified again; revocation is checked every time). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'must be true or false' })
  TOKEN_CACHE_ENABLED = true;

  /** Verified tokens remembered at most (each at most 4 KB long). */
  @Type(() => Number)
  @IsInt({ message: 'must be an integer between 1 and 1000000' })
  @Min(1, { message: 'must be an integer between 1 and 1000000' })
  @Max(1000000, { message: 'must be an integer between 1 and 1000000' })
  TOKEN_CACHE_MAX_ENTRIES = 10000;

  /** Address the metrics port is bound to: loopback unless the operator opens it. */
  @IsIP(undefined, { message: 'must be an IP address to bind to, e.g. 127.0.0.1 or 0.0.0.0' })
  METRICS_HOST = '127.0.0.1';
}

/** The value must differ from that of another variable (e.g. the metrics port from the API port). */
const DiffersFrom = (other: string) =>
  ValidateBy({
    name: 'differsFrom',
    constraints: [other],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => value === undefined || value !== (args?.object as Record<string, unknown>)[other],
      defaultMessage: () => `must differ from ${other}`,
    },
  });

export const portField = () => [Type(() => Number), IsInt({ message: 'must be a port number between 1 and 65535' }), Min(1, { message: 'must be a port number between 1 and 65535' }), Max(65535, { message: 'must be a port number between 1 and 65535' })];

/**
 * METRICS_PORT of a gateway: the port of GET /metrics (Prometheus text format), apart from its API
 * port (`apiPortVariable`). Unset: the metrics are counted but not served.
 */
export const MetricsPortField =
  (apiPortVariable: string): PropertyDecorator =>
  (target, key) => {
    const message = 'must be a port number between 1 and 65535';
    for (const decorator of [IsOptional(), Type(() => Number), IsInt({ message }), Min(1, { message }), Max(65535, { message }), DiffersFrom(apiPortVariable)]) decorator(target, key);
  };
