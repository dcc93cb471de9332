import { Matches } from 'class-validator';
import { Base64Key32, GatewayConfig, IntRange, MetricsPortField } from '@gateway/platform';

export class PublicGatewayConfig extends GatewayConfig {
  // IntRange, not Port: the message a bad value gets says "an integer", as it always has.
  @IntRange(1, 65535)
  PUBLIC_GATEWAY_PORT = 3000;

  /** 32 random bytes, base64: encrypts the token signing keys at rest. Required; never logged. */
  @Base64Key32()
  KEY_ENCRYPTION_KEY!: string;

  @IntRange(60, 3600, 'seconds')
  ACCESS_TOKEN_TTL_SECONDS = 900;

  @IntRange(1, 100000)
  TOKEN_RATE_LIMIT_PER_MINUTE = 60;

  @IntRange(1, 100000)
  FAILED_AUTH_LIMIT_PER_CLIENT = 10;

  @IntRange(1, 100000)
  FAILED_AUTH_LIMIT_PER_ADDRESS = 100;

  @IntRange(1, 86400, 'seconds')
  FAILED_AUTH_WINDOW_SECONDS = 900;

  @IntRange(92, 3650, 'days')
  IDEMPOTENCY_RETENTION_DAYS = 92;

  /** Comma-separated host names or addresses webhooks may reach although they are loopback or private, also over plain http (development, tests). */
  @Matches(/^[A-Za-z0-9.:[\]_-]*(,[A-Za-z0-9.:[\]_-]*)*$/, { message: 'must be comma-separated host names or addresses' })
  WEBHOOK_ALLOWED_HOSTS = '';

  @MetricsPortField('PUBLIC_GATEWAY_PORT')
  METRICS_PORT?: number = undefined;
}
