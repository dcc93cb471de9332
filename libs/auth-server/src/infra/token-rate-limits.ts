// Rate limits of the token endpoint, in Postgres, so that they hold across replicas: minted tokens per
// client; failed authentications per client id and source address together, and per source address. The
// failure counters slow down wrong secrets only: the secret is compared first, and a correct one is never
// refused because of failures, from any address (a shared proxy's included) or for any client id. The counters are rate-limiter-flexible's rows; a token request reads
// them, with its client, and counts its mint in one statement (TokenRequestRepository), on the
// CounterDatabase's connections, whose commits do not wait for the WAL flush. A client this replica has
// read once is then answered from its TokenStateView (no round trip but a lease of minting points now and then).
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { ApiClientRow, CounterDatabase } from '@gateway/persistence';
import { CounterState, TokenRequestRepository } from '@gateway/persistence-public';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions, clientSecretHashMatches, hashClientSecret } from '@gateway/domain';
import { TokenStateView } from './token-state-view';

export interface RateLimited {
  retryAfterSeconds: number;
}

/** What one token request's round trip to the database found. */
export interface TokenAttempt {
  client: ApiClientRow | undefined;
  /** The client exists, is not revoked, and the secret matches its digest (compared in constant time). */
  authenticated: boolean;
  /**
   * Set when the secret is wrong and the caller's address has failed too often, for this client or in all:
   * that wrong secret is answered 429. Never set for a request that authenticates.
   */
  lockedOut: RateLimited | undefined;
  /** Whether this request was counted as a minted token: only when nothing refuses it before minting. */
  counted: boolean;
  /** Set when it was counted past the client's minting limit. */
  mintLimited: RateLimited | undefined;
}

const MINT_KEY_PREFIX = 'token-mint';
const MINT_WINDOW_MS = 60_000;
/** api_clients.client_id: at most 128 characters (migration 1). */
const REGISTERED_CLIENT_ID_MAX = 128;

@Injectable()
export class TokenRateLimits {
  private readonly failedPerClientAndAddress: RateLimiterPostgres;
  private readonly failedPerAddress: RateLimiterPostgres;
  private readonly limits: AuthorizationServerOptions['rateLimits'];

  constructor(
    private readonly db: CounterDatabase,
    private readonly requests: TokenRequestRepository,
    @Inject(AUTHORIZATION_SERVER_OPTIONS) options: Pick<AuthorizationServerOptions, 'rateLimits'>,
    private readonly view: TokenStateView,
  ) {
    const base = { storeClient: db.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true };
    this.limits = options.rateLimits;
    this.failedPerClientAndAddress = new RateLimiterPostgres({
      ...base,
      keyPrefix: 'auth-fail-client-address',
      points: this.limits.failedAuthPerClient,
      duration: this.limits.failedAuthWindowSeconds,
    });
    this.failedPerAddress = new RateLimiterPostgres({
      ...base,
      keyPrefix: 'auth-fail-address',
      points: this.limits.failedAuthPerAddress,
      duration: this.limits.failedAuthWindowSeconds,
    });
  }

  /**
   * From this replica's view when it holds the client (attemptFromView). Otherwise one round trip: the
   * client, the failure counters of the caller's address (they decide only how a wrong secret is answered),
   * and one more minted token counted for the client when the database's copy of every check passes: client
   * not revoked, the secret's digest and the method match, and `grantValid` (the grant's fields, judged by
   * the caller beforehand). `authenticated` compares the secret in constant time; the digest comparison in
   * SQL only decides whether to count.
   */
  async attempt(credentials: { clientId: string; clientSecret: string; method: string }, address: string, grantValid: boolean): Promise<TokenAttempt> {
    const known = await this.view.syncedClient(credentials.clientId);
    if (known) return this.attemptFromView(known, credentials, address, grantValid);

    const counterKeys = this.counterKeys(credentials.clientId, address);
    const generation = this.view.generation;
    const now = Date.now();
    const secretHash = hashClientSecret(credentials.clientSecret);
    const read = await this.requests.read(this.db, {
      clientId: credentials.clientId,
      failureKeys: [counterKeys[0], counterKeys[1]],
      mint: { key: mintKey(credentials.clientId), windowMs: MINT_WINDOW_MS, secretHash, authMethod: credentials.method, count: grantValid },
      now,
    });
    const minted = read.minted;
    if (read.client) this.view.remember(read.client, generation);
    const authenticated = authenticates(read.client, secretHash);
    return {
      client: read.client,
      authenticated,
      lockedOut: authenticated ? undefined : this.lockout(read.failures, now),
      counted: minted !== undefined,
      mintLimited: minted && minted.points > this.limits.tokensPerMinutePerClient ? { retryAfterSeconds: Math.max(1, secondsLeft(minted, now)) } : undefined,
    };
  }

  /**
   * The client a valid grant would be minted for if the view, as it holds now (before attempt() syncs it),
   * is still right after the sync: it holds the client, the method and secret match, and the client's lease
   * of minting points is not used up. Undefined otherwise: nothing is signed ahead for a caller that fails
   * any of these.
   */
  likelyMint(credentials: { clientId: string; clientSecret: string; method: string }): ApiClientRow | undefined {
    const client = this.view.client(credentials.clientId);
    if (!client || client.authMethod !== credentials.method) return undefined;
    if (this.view.mintRefused(mintKey(client.clientId))) return undefined;
    return authenticates(client, hashClientSecret(credentials.clientSecret)) ? client : undefined;
  }

  /**
   * The same decisions from this replica's view (TokenStateView), for a client it holds: no round trip
   * unless its lease of minting points is used up. What the statement checks in SQL before counting a
   * mint is checked here before a point is taken.
   */
  private async attemptFromView(
    client: ApiClientRow,
    credentials: { clientSecret: string; method: string },
    address: string,
    grantValid: boolean,
  ): Promise<TokenAttempt> {
    const authenticated = authenticates(client, hashClientSecret(credentials.clientSecret));
    if (!authenticated)
      return { client, authenticated, lockedOut: this.viewLockout(client.clientId, address, Date.now()), counted: false, mintLimited: undefined };
    if (!grantValid || client.authMethod !== credentials.method) return { client, authenticated, lockedOut: undefined, counted: false, mintLimited: undefined };
    const limited = await this.view.takeMint(mintKey(client.clientId), this.limits.tokensPerMinutePerClient, MINT_WINDOW_MS);
    return {
      client,
      authenticated,
      lockedOut: undefined,
      counted: true,
      mintLimited: limited ? { retryAfterSeconds: Math.max(1, Math.ceil((limited.limitedUntil - Date.now()) / 1000)) } : undefined,
    };
  }

  /** The lockout of the caller's address as the view holds its failure counters. */
  private viewLockout(clientId: string, address: string, now: number): RateLimited | undefined {
    // Most of the time no failure counter is open anywhere: the keys (a digest of the client id) are not even computed.
    if (!this.view.holdsFailures) return undefined;
    const keys = this.counterKeys(clientId, address);
    return this.lockout([this.view.failure(keys[0], now), this.view.failure(keys[1], now)], now);
  }

  /** The full keys (rate-limiter-flexible's `<prefix>:<key>`) of the caller's two failure counters. */
  private counterKeys(clientId: string, address: string): readonly [clientAndAddress: string, address: string] {
    const keys = failureKeys(clientId, address);
    return [this.failedPerClientAndAddress.getKey(keys.clientAndAddress), this.failedPerAddress.getKey(keys.address)];
  }

  /** Set when either failure counter of the caller's address has reached its limit: until the later window ends. */
  private lockout(failures: readonly [CounterState, CounterState], now: number): RateLimited | undefined {
    const blocked = [[failures[0], this.limits.failedAuthPerClient] as const, [failures[1], this.limits.failedAuthPerAddress] as const].flatMap(
      ([counter, limit]) => (counter.points >= limit ? [counter] : []),
    );
    return blocked.length === 0 ? undefined : { retryAfterSeconds: Math.max(...blocked.map((counter) => secondsLeft(counter, now))) };
  }

  async recordFailure(clientId: string, address: string): Promise<void> {
    const keys = failureKeys(clientId, address);
    const counted = await Promise.all([this.failedPerClientAndAddress.penalty(keys.clientAndAddress, 1), this.failedPerAddress.penalty(keys.address, 1)]);
    // Known here at once (other replicas hear of it on the channel), so that this replica's next answer counts it.
    const now = Date.now();
    this.view.noteFailure(this.failedPerClientAndAddress.getKey(keys.clientAndAddress), {
      points: counted[0].consumedPoints,
      expire: now + counted[0].msBeforeNext,
    });
    this.view.noteFailure(this.failedPerAddress.getKey(keys.address), { points: counted[1].consumedPoints, expire: now + counted[1].msBeforeNext });
  }
}

/** `secretHash`: the presented secret's digest (hashClientSecret), computed once per request. */
function authenticates(client: ApiClientRow | undefined, secretHash: string): boolean {
  return client !== undefined && client.revokedAt === null && clientSecretHashMatches(secretHash, client.secretHash);
}

/**
 * The key of a client's minting counter. Only a registered client is counted, and a registered id has at
 * most 128 characters, so the key fits rate_limits.key (varchar(255)); a longer id (never a client) gets
 * the bare prefix, since Postgres may cast the statement's key while planning it even when no row is
 * written, and a key over 255 characters would fail the request.
 */
function mintKey(clientId: string): string {
  return clientId.length <= REGISTERED_CLIENT_ID_MAX ? `${MINT_KEY_PREFIX}:${clientId}` : MINT_KEY_PREFIX;
}

/** Whole seconds until a counter's window ends, as rate-limiter-flexible's msBeforeNext rounds up; -1 without one. */
function secondsLeft(counter: CounterState, now: number): number {
  return counter.expire === null ? -1 : Math.ceil(Math.max(counter.expire - now, 0) / 1000);
}

/**
 * Keys of the failure counters. An IPv6 address counts by its /64, the block one subscriber is usually
 * given (RFC 6177), so an attacker cannot get a fresh counter per address of it; an IPv4-mapped address
 * is its IPv4 address. The client id of a failure is whatever was sent (a registered one has at most 128
 * characters, a guess as many as the body allows): it enters the key as a digest, within varchar(255).
 */
export function failureKeys(clientId: string, address: string): { clientAndAddress: string; address: string } {
  const source = addressBlock(address);
  return { address: source, clientAndAddress: `${source} ${createHash('sha256').update(clientId, 'utf8').digest('base64url')}` };
}

function addressBlock(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
