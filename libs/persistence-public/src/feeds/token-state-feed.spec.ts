// The token state feed against a server that stops answering: a request waiting for the sync is let go
// (false) within the sync timeout and the feed stops, so that the request's own statement still gets its
// 503 within the contract's 5 s; with the server answering, a change committed before synced() is delivered.
import { startFreezableProxy, useTestDatabase, waitUntil } from '@gateway/testing';
import { CounterState } from '../repositories/token-request.repository';
import { SYNC_TIMEOUT_MS, TokenStateChange, TokenStateFeed, TokenStateListener } from './token-state-feed';

class Recorder implements TokenStateListener {
  readonly events: string[] = [];
  readonly changes: TokenStateChange[] = [];
  onLive(failures: Map<string, CounterState>): void {
    this.events.push(`live ${failures.size}`);
  }
  onLost(): void {
    this.events.push('lost');
  }
  onChange(change: TokenStateChange): void {
    this.changes.push(change);
  }
}

describe('TokenStateFeed', () => {
  const { database } = useTestDatabase();

  /** A feed on `url`, started with a recorder, stopped after `work` whatever it did. */
  async function withFeed(url: string, work: (feed: TokenStateFeed, recorder: Recorder) => Promise<void>, connectTimeoutMs?: number): Promise<void> {
    const feed = new TokenStateFeed({ url, connectTimeoutMs });
    const recorder = new Recorder();
    try {
      await feed.start(recorder);
      await work(feed, recorder);
    } finally {
      await feed.stop();
    }
  }

  it('delivers a change committed before synced() by the time it resolves true', () =>
    withFeed(database.url, async (feed, recorder) => {
      expect(recorder.events).toEqual(['live 0']);
      await database.db.query(`SELECT pg_notify('token_state', 'client cl_probe')`);
      expect(await feed.synced()).toBe(true);
      expect(recorder.changes).toEqual([{ kind: 'client', clientId: 'cl_probe' }]);
    }));

  it('lets a waiting request go within the sync timeout when the server stops answering, and stops', async () => {
    const proxy = await startFreezableProxy(database.url);
    try {
      // The feed's other limit (connecting, its other statements) is a minute: only the sync's own deadline can let
      // the request go before the test's timeout. Not before that deadline, either.
      await withFeed(
        proxy.url,
        async (feed, recorder) => {
          expect(feed.live).toBe(true);
          proxy.freeze();
          const started = performance.now();
          expect(await feed.synced()).toBe(false);
          expect(performance.now() - started).toBeGreaterThanOrEqual(SYNC_TIMEOUT_MS - 10);
          expect(feed.live).toBe(false);
          expect(recorder.events).toEqual(['live 0', 'lost']);
          // Not live: the next request does not wait at all.
          expect(await feed.synced()).toBe(false);
        },
        60_000,
      );
    } finally {
      await proxy.close();
    }
  }, 30_000);

  it('goes live again by itself once the server answers', () =>
    withFeed(database.url, async (feed, recorder) => {
      feed.restart();
      expect(feed.live).toBe(false);
      await waitUntil(() => feed.live, 5_000);
      expect(recorder.events).toEqual(['live 0', 'lost', 'live 0']);
    }));
});
