// The `token_state` channel (migration 9) on a connection of its own: every change to a client and every
// failure counter of the token endpoint, as committed. A replica may answer token requests from memory
// only while this feed is live: connected, listening, its failure counters loaded after LISTEN (so that no
// change falls between the two), and answering a heartbeat. When it stops (the database down, a restart,
// a heartbeat unanswered) the listener is told at once, and the feed reconnects by itself.
import pg from 'pg';
import { DatabaseOptions, ReadDeadlineStatement, clientWithReadDeadline } from '@gateway/persistence';
import { CounterState } from '../repositories/token-request.repository';

export const TOKEN_STATE_CHANNEL = 'token_state';
/** The prefix of the failure counters' keys that the channel carries (rate-limiter-flexible's `<prefix>:<key>`). */
export const FAILURE_KEY_PREFIX = 'auth-fail-';

export type TokenStateChange = { kind: 'client'; clientId: string } | { kind: 'failure'; key: string; counter: CounterState };

export interface TokenStateListener {
  /** Every change is delivered from now on; `failures` are the counters whose window is open. */
  onLive(failures: Map<string, CounterState>): void;
  /** Stopped: changes may be missed until onLive() is called again. */
  onLost(): void;
  onChange(change: TokenStateChange): void;
}

const HEARTBEAT_MS = 2_000;
/**
 * How long a request waits for the sync statement. Past it the connection is taken as lost (the feed stops
 * and reconnects) and the request goes to the database: with the pool's 4.5 s, a server that stops answering
 * still gets a 503 within the contract's 5 s.
 */
export const SYNC_TIMEOUT_MS = 250;
const RECONNECT_MS = 1_000;
/** After finding more open failure counters than it holds: loading them again at once would only load the database. */
const OVERFLOW_RETRY_MS = 30_000;

class TooManyFailureCounters extends Error {}

/** An empty query, with its own read deadline (read-deadline.ts: one check for the feed's client, not a timer per sync). */
const SYNC_STATEMENT: ReadDeadlineStatement = { text: '', readTimeoutMs: SYNC_TIMEOUT_MS };
/** How often the feed's client is looked at for a statement past its deadline: a sync fails within 250 + 50 ms. */
const DEADLINE_CHECK_MS = 50;

export class TokenStateFeed {
  private client?: pg.Client;
  private listener?: TokenStateListener;
  private timer?: NodeJS.Timeout;
  private isLive = false;
  private stopped = true;
  private syncing = false;
  private syncScheduled = false;
  private syncWaiters: Array<(synced: boolean) => void> = [];
  /** The feed connection's limit for connecting and for each statement but the sync (which has its own). */
  private readonly timeoutMs: number;
  private readonly Client: typeof pg.Client;

  /** `maxFailures`: more open failure counters than this and the feed does not go live (the database decides each request). */
  constructor(
    private readonly options: DatabaseOptions,
    private readonly maxFailures = 100_000,
  ) {
    this.timeoutMs = options.connectTimeoutMs ?? 3_000;
    this.Client = clientWithReadDeadline(this.timeoutMs, DEADLINE_CHECK_MS);
  }

  get live(): boolean {
    return this.isLive;
  }

  /** Resolves after the first connection has been tried: live when it succeeded, reconnecting by itself when not. */
  start(listener: TokenStateListener): Promise<void> {
    this.listener = listener;
    this.stopped = false;
    return this.connect();
  }

  /**
   * Resolves true once every change committed before this call has been delivered: an empty query on
   * the listening connection, before whose answer Postgres sends the notifications it holds. One statement
   * serves every caller that asked while the previous one was in flight. False when the feed is not live.
   */
  synced(): Promise<boolean> {
    if (!this.isLive) return Promise.resolve(false);
    return new Promise((resolve) => {
      this.syncWaiters.push(resolve);
      // Started after the requests read in this turn of the event loop have all asked: one statement for them all.
      if (!this.syncing && !this.syncScheduled) {
        this.syncScheduled = true;
        setImmediate(() => {
          this.syncScheduled = false;
          if (!this.syncing) this.sync();
        });
      }
    });
  }

  private sync(): void {
    const waiters = this.syncWaiters;
    this.syncWaiters = [];
    const client = this.client;
    if (!client || !this.isLive) return waiters.forEach((resolve) => resolve(false));
    this.syncing = true;
    client
      .query(SYNC_STATEMENT)
      .then(
        () => waiters.forEach((resolve) => resolve(this.client === client && this.isLive)),
        () => {
          waiters.forEach((resolve) => resolve(false));
          this.drop(client);
        },
      )
      .finally(() => {
        this.syncing = false;
        if (this.syncWaiters.length > 0) this.sync();
      });
  }

  /** Drops the connection and connects again: the listener is told onLost(), then onLive() with a fresh load. */
  restart(): void {
    this.drop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.setLost();
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new this.Client({
      // LISTEN needs a session: straight to Postgres when the pool goes through a transaction pooler.
      connectionString: this.options.sessionUrl ?? this.options.url,
      connectionTimeoutMillis: this.timeoutMs,
      application_name: `${this.options.applicationName ?? 'gateway'} token state`,
      keepAlive: true,
    });
    this.client = client;
    client.on('error', () => this.drop(client));
    client.on('end', () => this.drop(client));
    client.on('notification', (message) => {
      if (this.client !== client || message.channel !== TOKEN_STATE_CHANNEL || !message.payload) return;
      const change = parseChange(message.payload);
      if (change) this.listener?.onChange(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${TOKEN_STATE_CHANNEL}`);
      const { rows } = await client.query<{ key: string; points: number; expire: string | null }>(
        `SELECT key, points, expire FROM rate_limits WHERE key LIKE '${FAILURE_KEY_PREFIX}%' AND (expire IS NULL OR expire > $1) LIMIT $2`,
        [Date.now(), this.maxFailures + 1],
      );
      if (this.client !== client) return;
      if (rows.length > this.maxFailures) throw new TooManyFailureCounters();
      this.isLive = true;
      this.listener?.onLive(new Map(rows.map((r) => [r.key, { points: r.points, expire: r.expire === null ? null : Number(r.expire) }])));
      this.heartbeat(client);
    } catch (error) {
      this.drop(client, error instanceof TooManyFailureCounters ? OVERFLOW_RETRY_MS : RECONNECT_MS);
    }
  }

  private heartbeat(client: pg.Client): void {
    this.timer = setTimeout(() => {
      client.query('SELECT 1').then(
        () => this.client === client && this.heartbeat(client),
        () => this.drop(client),
      );
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  private drop(client = this.client, retryMs = RECONNECT_MS): void {
    if (!client || this.client !== client) return;
    this.client = undefined;
    clearTimeout(this.timer);
    this.setLost();
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.connect(), retryMs);
    this.timer.unref();
  }

  private setLost(): void {
    if (!this.isLive) return;
    this.isLive = false;
    this.listener?.onLost();
  }
}

/** `client <id>`, or `failure <points> <expire or -> <key>` (the key last: it may hold spaces). */
function parseChange(payload: string): TokenStateChange | undefined {
  if (payload.startsWith('client ')) return { kind: 'client', clientId: payload.slice('client '.length) };
  const match = /^failure (\d+) (\d+|-) (.+)$/s.exec(payload);
  if (!match) return undefined;
  return { kind: 'failure', key: match[3], counter: { points: Number(match[1]), expire: match[2] === '-' ? null : Number(match[2]) } };
}
