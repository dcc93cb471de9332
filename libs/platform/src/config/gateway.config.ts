// Variables every gateway process reads; each app extends this class with its own.
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsIP, IsOptional, IsString, IsUrl, Matches, Max, Min, ValidateBy, ValidationArguments } from 'class-validator';

export const toBoolean = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === '1' ? true : value === false || value === 'false' || value === '0' ? false : value;

/** An integer variable from `min` to `max`; `what` names its unit in the message ("number of milliseconds "). */
function IntegerBetween(min: number, max: number, what = ''): PropertyDecorator {
  const message = `must be an integer ${what}between ${min} and ${max}`;
  return (target, key) => {
    for (const decorator of [Type(() => Number), IsInt({ message }), Min(min, { message }), Max(max, { message })]) decorator(target, key);
  };
}

export class GatewayConfig {
  @IsIn(['development', 'production', 'test'], { message: 'must be one of development, production, test' })
  NODE_ENV = 'production';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'must be one of fatal, error, warn, info, debug, trace, silent' })
  LOG_LEVEL = 'info';

  @IsString()
  HOST = '0.0.0.0';

  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' })
  DATABASE_URL!: string;

  @IntegerBetween(1, 100)
  DATABASE_POOL_MAX = 10;

  @IntegerBetween(100, 60000, 'number of milliseconds ')
  DATABASE_CONNECT_TIMEOUT_MS = 3000;

  @IntegerBetween(100, 600000, 'number of milliseconds ')
  /** Server-side statement timeout; the client gives up 500 ms later, so a database that stops answering is a 503 within 5 s (contract section 3). */
  DATABASE_STATEMENT_TIMEOUT_MS = 4000;

  /** The token issuer and the public resource identifier (the `aud` of public tokens). */
  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\/+$/, '') : value))
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' })
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /** The `aud` of internal-gateway tokens. */
  @Matches(/^\S{1,200}$/, { message: 'must be 1 to 200 characters without spaces' })
  INTERNAL_AUDIENCE = 'urn:gateway:internal';

  @IntegerBetween(0, 120000, 'number of milliseconds ')
  SHUTDOWN_GRACE_MS = 10000;

  @Transform(toBoolean)
  @IsBoolean({ message: 'must be true or false' })
  TRUST_PROXY = false;

  /** A request's line and headers must arrive within this time, else 408 and the connection is closed (slow clients). */
  @IntegerBetween(100, 600000, 'number of milliseconds ')
  HTTP_HEADERS_TIMEOUT_MS = 10000;

  /** A whole request, body included, must arrive within this time, else 408 and the connection is closed. */
  @IntegerBetween(100, 600000, 'number of milliseconds ')
  @AtLeast('HTTP_HEADERS_TIMEOUT_MS')
  HTTP_REQUEST_TIMEOUT_MS = 30000;

  /** Connections one process serves at once; one more is answered 503 with Retry-After and closed. */
  @IntegerBetween(1, 100000)
  HTTP_MAX_CONNECTIONS = 1000;

  /** The cache of verified bearer tokens (a token reused is not verified again; revocation is checked every time). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'must be true or false' })
  TOKEN_CACHE_ENABLED = true;

  /** Verified tokens remembered at most (each at most 4 KB long). */
  @IntegerBetween(1, 1000000)
  TOKEN_CACHE_MAX_ENTRIES = 10000;

  /** Address the metrics port is bound to: loopback unless the operator opens it. */
  @IsIP(undefined, { message: 'must be an IP address to bind to, e.g. 127.0.0.1 or 0.0.0.0' })
  METRICS_HOST = '127.0.0.1';
}

/** The value must be at least that of another variable (the whole-request timeout against the headers timeout). */
function AtLeast(other: string) {
  return ValidateBy({
    name: 'atLeast',
    constraints: [other],
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const bound = (args?.object as Record<string, unknown>)[other];
        return typeof value !== 'number' || typeof bound !== 'number' || value >= bound;
      },
      defaultMessage: () => `must be at least ${other}`,
    },
  });
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
