// Rate limits of the token endpoint, in Postgres (rate-limiter-flexible), so that they hold across
// replicas: minted tokens per client, failed authentications per client id and per source address.
import { Inject, Injectable } from '@nestjs/common';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { Database } from '@gateway/persistence';
import { AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions } from './auth.options';

export interface RateLimited {
  retryAfterSeconds: number;
}

@Injectable()
export class TokenRateLimits {
  private readonly minted: RateLimiterPostgres;
  private readonly failedPerClient: RateLimiterPostgres;
  private readonly failedPerAddress: RateLimiterPostgres;

  constructor(db: Database, @Inject(AUTHORIZATION_SERVER_OPTIONS) options: Pick<AuthorizationServerOptions, 'rateLimits'>) {
    const base = { storeClient: db.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true };
    const limits = options.rateLimits;
    this.minted = new RateLimiterPostgres({ ...base, keyPrefix: 'token-mint', points: limits.tokensPerMinutePerClient, duration: 60 });
    this.failedPerClient = new RateLimiterPostgres({ ...base, keyPrefix: 'auth-fail-client', points: limits.failedAuthPerClient, duration: limits.failedAuthWindowSeconds });
    this.failedPerAddress = new RateLimiterPostgres({ ...base, keyPrefix: 'auth-fail-address', points: limits.failedAuthPerAddress, duration: limits.failedAuthWindowSeconds });
  }

  /** Checked before any secret is hashed: is this client id or address locked out by earlier failures? */
  async lockedOut(clientId: string | undefined, address: string): Promise<RateLimited | undefined> {
    const [byClient, byAddress] = await Promise.all([
      clientId ? this.failedPerClient.get(clientId) : Promise.resolve(null),
      this.failedPerAddress.get(address),
    ]);
    const blocked = [
      [byClient, this.failedPerClient.points],
      [byAddress, this.failedPerAddress.points],
    ].filter(([res, points]) => res && (res as RateLimiterRes).consumedPoints >= (points as number));
    if (blocked.length === 0) return undefined;
    return { retryAfterSeconds: Math.max(...blocked.map(([res]) => Math.ceil((res as RateLimiterRes).msBeforeNext / 1000))) };
  }

  async recordFailure(clientId: string | undefined, address: string): Promise<void> {
    await Promise.all([
      clientId ? this.failedPerClient.penalty(clientId, 1) : Promise.resolve(),
      this.failedPerAddress.penalty(address, 1),
    ]);
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
