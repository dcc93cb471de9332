// Variables every gateway process reads; each app extends this class with its own.
import { IsIn, IsIP, IsOptional, IsString, Matches } from 'class-validator';
import { AtLeast, BaseUrl, Flag, IntRange, LogLevel, PostgresUrl, TrustedProxies } from './config-decorators';

/** Each client's request quota a minute unless API_RATE_LIMIT_PER_MINUTE says otherwise (contract section 7). */
export const DEFAULT_API_RATE_LIMIT_PER_MINUTE = 6000;

export class GatewayConfig {
  @IsIn(['development', 'production', 'test'], { message: 'must be one of development, production, test' })
  NODE_ENV = 'production';

  @LogLevel()
  LOG_LEVEL = 'info';

  @IsString()
  HOST = '0.0.0.0';

  @PostgresUrl()
  DATABASE_URL!: string;

  /** Straight to Postgres (not through a transaction pooler), for what needs a session: LISTEN, session advisory locks. Defaults to DATABASE_URL. */
  @IsOptional()
  @PostgresUrl()
  DATABASE_SESSION_URL?: string = undefined;

  /** A replica for the reads that may lag (contract section 8); unreachable, they go to DATABASE_URL. */
  @IsOptional()
  @PostgresUrl()
  DATABASE_READ_URL?: string = undefined;

  /** DATABASE_URL (and DATABASE_READ_URL) go through a pooler in transaction mode (PgBouncer): no named statements, no startup parameters. */
  @Flag()
  DATABASE_TRANSACTION_POOLING = false;

  @IntRange(1, 100)
  DATABASE_POOL_MAX = 10;

  @IntRange(100, 60000, 'milliseconds')
  DATABASE_CONNECT_TIMEOUT_MS = 3000;

  @IntRange(100, 600000, 'milliseconds')
  /** Server-side statement timeout; the client gives up 500 ms later, so a database that stops answering is a 503 within 5 s (contract section 3). */
  DATABASE_STATEMENT_TIMEOUT_MS = 4000;

  /** The token issuer and the public resource identifier (the `aud` of public tokens). */
  @BaseUrl()
  PUBLIC_BASE_URL = 'http://localhost:3000';

  /** The `aud` of internal-gateway tokens. */
  @Matches(/^\S{1,200}$/, { message: 'must be 1 to 200 characters without spaces' })
  INTERNAL_AUDIENCE = 'urn:gateway:internal';

  /**
   * On SIGTERM the gateway answers readiness 503 at once and goes on serving (answers with `Connection: close`)
   * this long, so that a load balancer takes it out before it stops listening; longer than the balancer's
   * check interval times its fall count. Also the time to read requests already sent (listen backlog).
   */
  @IntRange(0, 120000, 'milliseconds')
  SHUTDOWN_DELAY_MS = 1000;

  /** After the delay: how long requests in flight may take to finish before their connections are closed. */
  @IntRange(0, 120000, 'milliseconds')
  SHUTDOWN_GRACE_MS = 10000;

  /**
   * How many proxies in front of the gateway append the address they saw to X-Forwarded-For (true is 1);
   * the client address is that many hops from the right of it (http/client-address.ts). 0: the header is ignored.
   */
  @TrustedProxies()
  TRUST_PROXY = 0;

  /** A request's line and headers must arrive within this time, else 408 and the connection is closed (slow clients). */
  @IntRange(100, 600000, 'milliseconds')
  HTTP_HEADERS_TIMEOUT_MS = 10000;

  /** A whole request, body included, must arrive within this time, else 408 and the connection is closed. */
  @IntRange(100, 600000, 'milliseconds')
  @AtLeast('HTTP_HEADERS_TIMEOUT_MS')
  HTTP_REQUEST_TIMEOUT_MS = 30000;

  /** Connections one process serves at once; one more is answered 503 with Retry-After and closed. */
  @IntRange(1, 100000)
  HTTP_MAX_CONNECTIONS = 1000;

  /** The cache of verified bearer tokens (a token reused is not verified again; revocation is checked every time). */
  @Flag()
  TOKEN_CACHE_ENABLED = true;

  /** Verified tokens remembered at most (each at most 4 KB long). */
  @IntRange(1, 1000000)
  TOKEN_CACHE_MAX_ENTRIES = 10000;

  /**
   * Requests with a bearer token per client per minute, across every replica of both gateways; past it, 429. Both
   * gateways count against one counter per client, so both read it here: two values would break the quota.
   */
  @IntRange(1, 1000000000)
  API_RATE_LIMIT_PER_MINUTE = DEFAULT_API_RATE_LIMIT_PER_MINUTE;

  /** false: requests are not counted and answers carry no RateLimit fields (the bench's comparison runs only). */
  @Flag()
  API_RATE_LIMIT_ENABLED = true;

  /** Address the metrics port is bound to: loopback unless the operator opens it. */
  @IsIP(undefined, { message: 'must be an IP address to bind to, e.g. 127.0.0.1 or 0.0.0.0' })
  METRICS_HOST = '127.0.0.1';
}
