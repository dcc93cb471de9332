import { Type } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { GatewayConfig, MetricsPortField } from '@gateway/platform';

const int = (min: number, max: number, what: string) => {
  const message = `must be an integer ${what}between ${min} and ${max}`;
  return [Type(() => Number), IsInt({ message }), Min(min, { message }), Max(max, { message })];
};
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

export class PublicGatewayConfig extends GatewayConfig {
  @apply(int(1, 65535, ''))
  PUBLIC_GATEWAY_PORT = 3000;

  /** 32 random bytes, base64: encrypts the token signing keys at rest. Required; never logged. */
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)' })
  KEY_ENCRYPTION_KEY!: string;

  @apply(int(60, 3600, 'number of seconds '))
  ACCESS_TOKEN_TTL_SECONDS = 900;

  @apply(int(1, 100000, ''))
  TOKEN_RATE_LIMIT_PER_MINUTE = 60;

  @apply(int(1, 100000, ''))
  FAILED_AUTH_LIMIT_PER_CLIENT = 10;

  @apply(int(1, 100000, ''))
  FAILED_AUTH_LIMIT_PER_ADDRESS = 100;

  @apply(int(1, 86400, 'number of seconds '))
  FAILED_AUTH_WINDOW_SECONDS = 900;

  @apply(int(92, 3650, 'number of days '))
  IDEMPOTENCY_RETENTION_DAYS = 92;

  /** Comma-separated host names or addresses webhooks may reach although they are loopback or private, also over plain http (development, tests). */
  @Matches(/^[A-Za-z0-9.:[\]_-]*(,[A-Za-z0-9.:[\]_-]*)*$/, { message: 'must be comma-separated host names or addresses' })
  WEBHOOK_ALLOWED_HOSTS = '';

  @MetricsPortField('PUBLIC_GATEWAY_PORT')
  METRICS_PORT?: number = undefined;
}
