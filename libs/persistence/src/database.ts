// The Postgres connection pool and the one way to run a transaction.
import pg from 'pg';
import { ServiceUnavailableProblem } from '@gateway/platform';
import { clientWithReadDeadline } from './read-deadline';

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  applicationName?: string;
  /** false: commits do not wait for their WAL flush (`synchronous_commit = off`); for counters only. */
  synchronousCommit?: boolean;
  /** Other settings of every session of the pool (`-c name=value` at connection). */
  sessionSettings?: Record<string, string>;
}

/** What a repository needs: the pool itself or the client of an open transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export type IsolationLevel = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

const INT8_OID = 20;
const NUMERIC_OID = 1700;
const DATE_OID = 1082;

// Quantities are checked to the safe-integer range in the schema, so int8 fits a JS number exactly.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    // A calendar date stays the string Postgres sends ("2026-02-28"), never a local-time Date.
    if (oid === DATE_OID) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** The statement ran out of time (statement_timeout) or was cancelled: the database is too slow, not the request wrong. */
const QUERY_CANCELED = '57014';

/** True when the error means the database cannot be reached, rather than that a statement failed. */
export function isConnectionError(error: unknown): boolean {
  const err = error as { code?: string; message?: string } | undefined;
  if (!err) return false;
  if (err.code && CONNECTION_ERROR_CODES.has(err.code)) return true;
  const message = err.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|connect ECONNREFUSED/i.test(
    message,
  );
}

function translate(error: unknown): unknown {
  if (isConnectionError(error)) return new ServiceUnavailableProblem('The database is unreachable; try again shortly.');
  if ((error as { code?: string } | undefined)?.code === QUERY_CANCELED)
    return new ServiceUnavailableProblem('The database did not answer in time; try again shortly.');
  return error;
}

function sessionSettings(options: DatabaseOptions): { options?: string } {
  const settings = { ...(options.synchronousCommit === false ? { synchronous_commit: 'off' } : {}), ...options.sessionSettings };
  const text = Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`);
  return text.length > 0 ? { options: text.join(' ') } : {};
}

export class Database implements Queryable {
  readonly pool: pg.Pool;

  constructor(private readonly options: DatabaseOptions) {
    const statementTimeout = options.statementTimeoutMs ?? 10_000;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: statementTimeout,
      // A server that stops answering (statement_timeout is the server's own, so it cannot fire then)
      // must not hang a request: the client gives up shortly after the statement timeout. pg's own
      // query_timeout would do it with a timer per statement (read-deadline.ts says why not).
      Client: clientWithReadDeadline(statementTimeout + 500),
      application_name: options.applicationName ?? 'gateway',
      ...sessionSettings(options),
      types,
    });
    // An idle client losing its connection is reported here; without a listener it would crash the process.
    this.pool.on('error', () => undefined);
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text as string, values);
    } catch (error) {
      throw translate(error);
    }
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>, isolation: IsolationLevel = 'READ COMMITTED'): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw translate(error);
    }
    let broken = false;
    // The server may end the connection between two statements (a restart, an administrator): pg then
    // emits 'error' on the client, which would crash the process without a listener.
    const onError = () => (broken = true);
    client.on('error', onError);
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = isConnectionError(error);
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      throw translate(error);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  /**
   * Runs `work` holding the advisory lock `key`, so that processes starting together run it one at a time.
   * The lock is held on a connection of its own (`work` may need every connection of the pool) and taken
   * before `work` opens any transaction: a transaction that waited for a lock inside it may still read the
   * catalog as it was when it began (Postgres refreshes its catalog caches when a transaction starts, not
   * when an advisory lock is granted), and so miss what the previous holder created.
   */
  async exclusively<T>(key: number, work: () => Promise<T>): Promise<T> {
    const client = new pg.Client({
      connectionString: this.options.url,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 3_000,
      application_name: `${this.options.applicationName ?? 'gateway'} lock`,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT pg_advisory_lock($1)', [key]);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw translate(error);
    }
    try {
      return await work();
    } finally {
      // Ending the session releases the lock.
      await client.end().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The connections that write rate-limit counters (the token endpoint's): their commits do not wait for the
 * WAL flush (`synchronous_commit = off`), which was half of a token request's time. The counters stay in
 * the shared table, replicated and seen by every replica at once; a crash of Postgres can lose the counts
 * of its last fraction of a second (at most three times `wal_writer_delay`, 600 ms by default), which
 * for a counter of tokens per minute or failures per 15 minutes changes nothing that matters. Nothing
 * else is written through it.
 */
export class CounterDatabase extends Database {
  static optionsFrom(options: DatabaseOptions): DatabaseOptions {
    return {
      ...options,
      poolMax: Math.max(2, Math.ceil((options.poolMax ?? 10) / 2)),
      applicationName: `${options.applicationName ?? 'gateway'} counters`,
      synchronousCommit: false,
    };
  }
}

/**
 * The webhook delivery workers' connections, for their bookkeeping only: leases of claimed attempts,
 * recorded outcomes and retries, given-back claims, endpoints' failing state.
 * - Every row they read or write is found by a key (an index, or a ctid), whatever the table's statistics
 *   say (`enable_seqscan = off`), and their statement is planned once per connection (`plan_cache_mode =
 *   force_generic_plan`): planning it took longer than running it, and a plan made while the attempts table
 *   was small or its statistics stale scanned the whole table on every statement.
 * - Their commits do not wait for the WAL flush (`synchronous_commit = off`). A crash of Postgres (not a
 *   restart, not a crash of a gateway) can forget the last fraction of a second of them (at most three
 *   times `wal_writer_delay`, 600 ms by default); the attempts concerned are then PENDING again and sent
 *   again, as after a lease that ran out. Nothing is lost: every delivery itself is written by its producer
 *   on the main pool, which waits for the flush.
 */
export class WebhookDeliveryDatabase extends Database {
  static optionsFrom(options: DatabaseOptions): DatabaseOptions {
    return {
      ...options,
      // The delivery loop's one statement at a time, a given-back claim, an endpoint state update.
      poolMax: 3,
      applicationName: `${options.applicationName ?? 'gateway'} webhook delivery`,
      synchronousCommit: false,
      sessionSettings: { plan_cache_mode: 'force_generic_plan', enable_seqscan: 'off' },
    };
  }
}
