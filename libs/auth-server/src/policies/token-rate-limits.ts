// Rate limits of the token endpoint, in Postgres (rate-limiter-flexible), so that they hold across
// replicas: minted tokens per client; failed authentications per client id and source address together,
// and per source address. The failures are throttled where they come from: failures from one address
// never hold back the client's holder at another (issue 13.2).
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { Database } from '@gateway/persistence';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions } from '@gateway/domain';

export interface RateLimited {
  retryAfterSeconds: number;
}

@Injectable()
export class TokenRateLimits {
  private readonly minted: RateLimiterPostgres;
  private readonly failedPerClientAndAddress: RateLimiterPostgres;
  private readonly failedPerAddress: RateLimiterPostgres;

  constructor(db: Database, @Inject(AUTHORIZATION_SERVER_OPTIONS) options: Pick<AuthorizationServerOptions, 'rateLimits'>) {
    const base = { storeClient: db.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true };
    const limits = options.rateLimits;
    this.minted = new RateLimiterPostgres({ ...base, keyPrefix: 'token-mint', points: limits.tokensPerMinutePerClient, duration: 60 });
    this.failedPerClientAndAddress = new RateLimiterPostgres({ ...base, keyPrefix: 'auth-fail-client-address', points: limits.failedAuthPerClient, duration: limits.failedAuthWindowSeconds });
    this.failedPerAddress = new RateLimiterPostgres({ ...base, keyPrefix: 'auth-fail-address', points: limits.failedAuthPerAddress, duration: limits.failedAuthWindowSeconds });
  }

  /**
   * Checked before any secret is hashed: has this address failed too often, for this client or in all?
   * Only the caller's own address counts, so the holder of a secret is never refused because of others'
   * failures elsewhere.
   */
  async lockedOut(clientId: string, address: string): Promise<RateLimited | undefined> {
    const keys = failureKeys(clientId, address);
    const [byClientAndAddress, byAddress] = await Promise.all([this.failedPerClientAndAddress.get(keys.clientAndAddress), this.failedPerAddress.get(keys.address)]);
    const blocked = [
      [byClientAndAddress, this.failedPerClientAndAddress.points] as const,
      [byAddress, this.failedPerAddress.points] as const,
    ].flatMap(([res, points]) => (res && res.consumedPoints >= points ? [res] : []));
    if (blocked.length === 0) return undefined;
    return { retryAfterSeconds: Math.max(...blocked.map((res) => Math.ceil(res.msBeforeNext / 1000))) };
  }

  async recordFailure(clientId: string, address: string): Promise<void> {
    const keys = failureKeys(clientId, address);
    await Promise.all([this.failedPerClientAndAddress.penalty(keys.clientAndAddress, 1), this.failedPerAddress.penalty(keys.address, 1)]);
  }

  /** Counts one minted token; refused past the per-client limit. */
  async consumeMint(clientId: string): Promise<RateLimited | undefined> {
    try {
      await this.minted.consume(clientId, 1);
      return undefined;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      throw rejection;
    }
  }
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
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
