// One decorator per kind of environment variable, each with the one message a bad value gets
// ("Invalid configuration: <VARIABLE> <message>"), shared by the config classes of every app.
import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsUrl, Matches, Max, Min, ValidateBy, ValidationArguments } from 'class-validator';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const toBoolean = ({ value }: { value: unknown }) =>
  value === true || value === 'true' || value === '1' ? true : value === false || value === 'false' || value === '0' ? false : value;

/** An integer from `min` to `max`; `unit` ("milliseconds", "seconds", "days") is named in the message. */
export function IntRange(min: number, max: number, unit?: string): PropertyDecorator {
  const message = `must be an integer ${unit ? `number of ${unit} ` : ''}between ${min} and ${max}`;
  return integerBetween(min, max, message);
}

/** A TCP port to listen on. */
export const Port = (): PropertyDecorator => integerBetween(1, 65535, 'must be a port number between 1 and 65535');

export const LogLevel = (): PropertyDecorator => IsIn([...LOG_LEVELS], { message: `must be one of ${LOG_LEVELS.join(', ')}` });

export const PostgresUrl = (): PropertyDecorator => Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'must be a postgres:// connection URL' });

export const HttpUrl = (): PropertyDecorator =>
  IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true }, { message: 'must be an http(s) URL' });

/** An http(s) URL that is a base for paths: a trailing slash is dropped. */
export const BaseUrl = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.replace(/\/+$/, '') : value)),
    HttpUrl(),
  );

/** true/false (also 1/0). */
export const Flag = (): PropertyDecorator => applyDecorators(Transform(toBoolean), IsBoolean({ message: 'must be true or false' }));

/** The most proxies TRUST_PROXY may name: a longer chain in front of one service is a mistake. */
export const MAX_TRUSTED_PROXIES = 10;

/** TRUST_PROXY: how many proxies in front of the gateway append to X-Forwarded-For; true is 1, false is 0. */
export const TrustedProxies = (): PropertyDecorator => {
  const message = `must be true, false or the number of proxies in front of the gateway, 0 to ${MAX_TRUSTED_PROXIES}`;
  return applyDecorators(
    Transform(({ value }) =>
      value === true || value === 'true'
        ? 1
        : value === false || value === 'false'
          ? 0
          : typeof value === 'string' && /^\d{1,3}$/.test(value)
            ? Number(value)
            : value,
    ),
    IsInt({ message }),
    Min(0, { message }),
    Max(MAX_TRUSTED_PROXIES, { message }),
  );
};

/** A key of 32 bytes, base64 (the key-encryption key). */
export const Base64Key32 = (): PropertyDecorator =>
  Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)' });

/** The value must be at least that of another variable (the whole-request timeout against the headers timeout). */
export function AtLeast(other: string) {
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

/**
 * METRICS_PORT of a gateway: the port of GET /metrics (Prometheus text format), apart from its API
 * port (`apiPortVariable`). Unset: the metrics are counted but not served.
 */
export const MetricsPortField = (apiPortVariable: string): PropertyDecorator => applyDecorators(IsOptional(), Port(), DiffersFrom(apiPortVariable));

function integerBetween(min: number, max: number, message: string): PropertyDecorator {
  return applyDecorators(
    Type(() => Number),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}
