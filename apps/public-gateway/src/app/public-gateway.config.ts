import { Matches } from 'class-validator';
import { Base64Key32, Flag, GatewayConfig, IntRange, MetricsPortField } from '@gateway/platform';
import {
  DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS,
  DEFAULT_WEBHOOK_MAX_CONCURRENCY,
  DEFAULT_WEBHOOK_MAX_PER_ENDPOINT,
  DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION,
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  WEBHOOK_RETRY_SCHEDULE_PATTERN,
} from '@gateway/domain';

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

  /** Seconds before each retry of a failed webhook delivery; attempts = 1 + entries. */
  @Matches(WEBHOOK_RETRY_SCHEDULE_PATTERN, { message: 'must be 1 to 20 comma-separated whole numbers of seconds from 1 to 999999, e.g. 5,300,1800' })
  WEBHOOK_RETRY_SCHEDULE = DEFAULT_WEBHOOK_RETRY_SCHEDULE;

  /** false: this replica records webhook events but leaves fanning them out and delivering them to the replicas where it is true. */
  @Flag()
  WEBHOOK_WORKERS = true;

  /** Webhook deliveries this process has in flight at once. */
  @IntRange(1, 1000)
  WEBHOOK_MAX_CONCURRENCY = DEFAULT_WEBHOOK_MAX_CONCURRENCY;

  /** Webhook deliveries to one endpoint in flight at once, across all replicas. */
  @IntRange(1, 100)
  WEBHOOK_MAX_PER_ENDPOINT = DEFAULT_WEBHOOK_MAX_PER_ENDPOINT;

  /** Webhook deliveries of one organization in flight at once, across all replicas (keep it below WEBHOOK_MAX_CONCURRENCY: the rest is what other organizations always find free). */
  @IntRange(1, 1000)
  WEBHOOK_MAX_PER_ORGANIZATION = DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION;

  /** An endpoint whose every attempt has failed for this long is disabled (disabledReason FAILING). */
  @IntRange(1, 31536000, 'seconds')
  WEBHOOK_DISABLE_AFTER_FAILING_SECONDS = DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS;

  /** How often the webhook dispatcher looks for new events in the log. */
  @IntRange(50, 60000, 'milliseconds')
  WEBHOOK_DISPATCH_INTERVAL_MS = 500;

  @MetricsPortField('PUBLIC_GATEWAY_PORT')
  METRICS_PORT?: number = undefined;
}
