import { Matches, ValidateBy } from 'class-validator';
import { Base64Key32, Flag, GatewayConfig, IntRange, MetricsPortField } from '@gateway/platform';
import {
  DEFAULT_DELIVERY_RETENTION_DAYS,
  DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION,
  DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS,
  DEFAULT_WEBHOOK_DISPATCH_INTERVAL_MS,
  DEFAULT_SANDBOX_AUTO_ADVANCE_SECONDS,
  DEFAULT_WEBHOOK_MAX_CONCURRENCY,
  DEFAULT_WEBHOOK_MAX_PER_ENDPOINT,
  DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION,
  DEFAULT_WEBHOOK_RETRY_SCHEDULE,
  MIN_IDEMPOTENCY_RETENTION_DAYS,
  WEBHOOK_RETRY_SCHEDULE_PATTERN,
  allowedHostsProblem,
  deniedNetworksProblem,
  parseDnsServers,
  parsePortList,
} from '@gateway/public-api';

/** A setting that `accepts` reads without error; `message` is the one line a bad value gets. */
const Accepted = (name: string, accepts: (value: string) => boolean, message: string) =>
  ValidateBy({ name, validator: { validate: (value: unknown) => typeof value === 'string' && accepts(value), defaultMessage: () => message } });

export class PublicGatewayConfig extends GatewayConfig {
  // IntRange, not Port: the message a bad value gets says "an integer", as it always has.
  @IntRange(1, 65535)
  PUBLIC_GATEWAY_PORT = 3000;

  /** 32 random bytes, base64: encrypts the token signing keys at rest. Required; never logged. */
  @Base64Key32()
  KEY_ENCRYPTION_KEY!: string;

  /** false: ciphertexts in the first format (no purpose key, no associated data) are refused; set it once `admin keys:reencrypt` reports none left. */
  @Flag()
  KEY_ENCRYPTION_READ_V1 = true;

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

  @IntRange(MIN_IDEMPOTENCY_RETENTION_DAYS, 3650, 'days')
  IDEMPOTENCY_RETENTION_DAYS = MIN_IDEMPOTENCY_RETENTION_DAYS;

  /**
   * Comma-separated host names or addresses webhooks may reach although they are loopback or private, also
   * over plain http (development, tests); `host:port` (`[v6]:port`) allows that port only.
   */
  @Accepted(
    'allowedHosts',
    (value) => allowedHostsProblem(value) === undefined,
    'must be comma-separated host names or addresses, each with an optional :port (IPv6 in brackets then)',
  )
  WEBHOOK_ALLOWED_HOSTS = '';

  /**
   * Comma-separated ports no webhook may reach, on any host, even one of WEBHOOK_ALLOWED_HOSTS: the internal
   * gateway's and every metrics port (this gateway's own PUBLIC_GATEWAY_PORT and METRICS_PORT are refused anyway).
   */
  @Accepted('portList', (value) => parsePortList(value) !== undefined, 'must be comma-separated port numbers from 1 to 65535')
  WEBHOOK_DENIED_PORTS = '';

  /**
   * Comma-separated CIDRs no webhook may reach, besides the loopback, private, link-local and other non-public
   * ranges refused anyway, even through WEBHOOK_ALLOWED_HOSTS: the cluster's Service and Pod ranges where
   * they are public unicast (GKE's Service range 34.118.224.0/20). Keep it in step with the egress
   * NetworkPolicy's `except` lists.
   */
  @Accepted(
    'deniedNetworks',
    (value) => deniedNetworksProblem(value) === undefined,
    'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)',
  )
  WEBHOOK_DENIED_NETWORKS = '';

  /** Comma-separated name servers (`address` or `address:port`, IPv6 in brackets with a port) that resolve webhook hosts; empty: the system's. */
  @Accepted(
    'dnsServers',
    (value) => parseDnsServers(value) !== undefined,
    'must be comma-separated name server addresses, each with an optional :port (IPv6 in brackets then)',
  )
  WEBHOOK_DNS_SERVERS = '';

  /** Seconds before each retry of a failed webhook delivery; attempts = 1 + entries. */
  @Matches(WEBHOOK_RETRY_SCHEDULE_PATTERN, { message: 'must be 1 to 20 comma-separated whole numbers of seconds from 1 to 999999, e.g. 5,300,1800' })
  WEBHOOK_RETRY_SCHEDULE = DEFAULT_WEBHOOK_RETRY_SCHEDULE;

  /** Seconds between two steps of an auto-advancing sandbox's order, return or inbound shipment (contract 6.10). */
  @IntRange(0, 3600, 'seconds')
  SANDBOX_AUTO_ADVANCE_SECONDS = DEFAULT_SANDBOX_AUTO_ADVANCE_SECONDS;

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
  WEBHOOK_DISPATCH_INTERVAL_MS = DEFAULT_WEBHOOK_DISPATCH_INTERVAL_MS;

  /** Webhook endpoints one organization may have, enabled or not; one more is refused with 409. */
  @IntRange(1, 1000)
  WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION = DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION;

  /** Days webhook delivery attempts are kept; stored webhook payloads are kept the longer of this and 30 days. */
  @IntRange(1, 3650, 'days')
  WEBHOOK_DELIVERY_RETENTION_DAYS = DEFAULT_DELIVERY_RETENTION_DAYS;

  /**
   * Origins (scheme://host[:port], comma-separated) whose pages may call the token endpoint from a browser
   * (CORS): the internal gateway's, whose Swagger UI mints staff tokens here. Empty: none.
   */
  @Matches(/^(https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(,https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?)*)?$/, {
    message: 'must be comma-separated origins (scheme://host[:port]), e.g. http://localhost:3001',
  })
  TOKEN_CORS_ORIGINS = '';

  @MetricsPortField('PUBLIC_GATEWAY_PORT')
  METRICS_PORT?: number = undefined;
}

/** The ports no webhook may reach: WEBHOOK_DENIED_PORTS, and this gateway's own API and metrics ports. */
export function webhookDeniedPorts(config: Pick<PublicGatewayConfig, 'WEBHOOK_DENIED_PORTS' | 'PUBLIC_GATEWAY_PORT' | 'METRICS_PORT'>): number[] {
  const own = config.METRICS_PORT === undefined ? [config.PUBLIC_GATEWAY_PORT] : [config.PUBLIC_GATEWAY_PORT, config.METRICS_PORT];
  return [...new Set([...(parsePortList(config.WEBHOOK_DENIED_PORTS) ?? []), ...own])];
}
