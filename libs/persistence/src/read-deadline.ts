// pg's `query_timeout` (a statement whose answer does not come in time fails with "Query read timeout", and
// the pool drops its client) without a timer per statement. pg arms a setTimeout and wraps the statement's
// callback for every statement; under load that made V8 promote part of every request into the old
// generation (docs/decisions/scaling.md#the-footprint-per-replica). Here one
// interval per pool looks at each client: a statement still in flight `timeoutMs` after the client was
// last asked for one fails as pg's own timeout fails it.
import pg from 'pg';

/** What pg's client and query hold that the deadline reads (pg 8's own read timeout uses the same). */
interface ClientInternals {
  _getActiveQuery(): QueryInternals | null | undefined;
  _ended?: boolean;
  connection: unknown;
}
interface QueryInternals {
  callback?: (error: Error) => void;
  handleError(error: Error, connection: unknown): void;
}

/** A statement config may carry its own deadline (instead of pg's per-statement `query_timeout`, which would arm pg's timer). */
export interface ReadDeadlineStatement extends pg.QueryConfig {
  readTimeoutMs: number;
}

/**
 * A pg Client class (for a pool: `new pg.Pool({ Client })`) whose statements get `timeoutMs` to be
 * answered, or their own `readTimeoutMs`; checked every `checkEveryMs`, so a statement fails between its
 * limit and its limit + `checkEveryMs` after it was asked for. The interval runs only while clients exist.
 */
export function clientWithReadDeadline(timeoutMs: number, checkEveryMs = Math.min(100, Math.max(10, Math.floor(timeoutMs / 5)))): typeof pg.Client {
  const clients = new Set<ReadDeadlineClient>();
  let interval: NodeJS.Timeout | undefined;

  const check = () => {
    const now = performance.now();
    for (const client of clients) client.checkDeadline(now);
    if (clients.size === 0) {
      clearInterval(interval);
      interval = undefined;
    }
  };

  class ReadDeadlineClient extends pg.Client {
    /** Statements asked of this client so far, and the count and time when last looked at. No statement is held: one held past its answer would keep its whole request alive into the old generation. */
    private asked = 0;
    private askedLimitMs = timeoutMs;
    private watchedAsked = 0;
    private watchedSince = 0;

    constructor(config?: string | pg.ClientConfig) {
      super(config);
      clients.add(this);
      if (!interval) {
        interval = setInterval(check, checkEveryMs);
        interval.unref();
      }
    }

    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed on as they are
    override query(...args: any[]): any {
      this.asked++;
      this.askedLimitMs = (args[0] as Partial<ReadDeadlineStatement> | undefined)?.readTimeoutMs ?? timeoutMs;
      return (super.query as (...passed: unknown[]) => unknown).apply(this, args);
    }

    /** A statement in flight with none asked since its limit fails (pg's timeout also runs from the statement's query() call). */
    checkDeadline(now: number): void {
      const internals = this as unknown as ClientInternals;
      if (internals._ended) {
        clients.delete(this);
        return;
      }
      if (this.asked !== this.watchedAsked || !internals._getActiveQuery()) {
        this.watchedAsked = this.asked;
        this.watchedSince = now;
        return;
      }
      if (now - this.watchedSince >= this.askedLimitMs) {
        this.watchedSince = now;
        failInFlight(internals._getActiveQuery() as QueryInternals, internals.connection);
      }
    }
  }

  return ReadDeadlineClient;
}

/** What pg's own read timeout does to a statement already sent: its callback gets the error once, and a late answer calls nothing. */
function failInFlight(query: QueryInternals, connection: unknown): void {
  const error = new Error('Query read timeout');
  const callback = query.callback;
  query.callback = () => undefined;
  // A statement without a callback (a cursor) hears of it as an 'error' event.
  process.nextTick(() => query.handleError(error, connection));
  callback?.(error);
}
