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
  /**
   * `url` goes through a pooler in transaction mode (PgBouncer): no named prepared statement and no startup
   * parameter is sent; the statement timeout and the settings above are set in each transaction instead
   * (`SET LOCAL`), and the single statements of a pool with settings run in a transaction of their own.
   */
  transactionPooling?: boolean;
  /** A replica for the reads that may lag (ReplicaReads); none: they go to `url`. */
  readUrl?: string;
  /** Straight to Postgres, for what needs a session: the advisory lock of exclusively(), LISTEN. Defaults to `url`. */
  sessionUrl?: string;
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
  // PgBouncer's own errors: its server connection crashed, it cannot connect to the server, a client waited too long.
  '08P01',
]);
/**
 * The server is read-only (a primary demoted by a failover, a replica reached by mistake): the connection
 * must not serve again, and the request is a 503 as when the database is unreachable.
 */
const READ_ONLY_SQL_TRANSACTION = '25006';

/** True when the connection that got `error` must be dropped rather than given back to the pool. */
export function isStaleConnection(error: unknown): boolean {
  return isConnectionError(error) || (error as { code?: string } | undefined)?.code === READ_ONLY_SQL_TRANSACTION;
}

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
  if (isStaleConnection(error)) return new ServiceUnavailableProblem('The database is unreachable; try again shortly.');
  if ((error as { code?: string } | undefined)?.code === QUERY_CANCELED)
    return new ServiceUnavailableProblem('The database did not answer in time; try again shortly.');
  return error;
}

function settingsOf(options: DatabaseOptions): Record<string, string> {
  return { ...(options.synchronousCommit === false ? { synchronous_commit: 'off' } : {}), ...options.sessionSettings };
}

function sessionSettings(options: DatabaseOptions): { options?: string } {
  const text = Object.entries(settingsOf(options)).map(([name, value]) => `-c ${name}=${value}`);
  return text.length > 0 ? { options: text.join(' ') } : {};
}

/** Keep-alives on every connection: a connection to a server that vanished (a killed primary) is noticed. */
const KEEP_ALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/**
 * A Client class that sends no named prepared statement: a pooler in transaction mode would run the Parse on
 * one server connection and the next Bind of that name on another. Statements carrying a `name` (ours and
 * rate-limiter-flexible's) are sent unnamed, parsed each time.
 */
function withoutStatementNames(Base: typeof pg.Client): typeof pg.Client {
  return class UnnamedStatementClient extends Base {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's overloads, passed on as they are
    override query(...args: any[]): any {
      const config = args[0] as { name?: string; submit?: unknown } | undefined;
      if (config && typeof config === 'object' && config.name && typeof config.submit !== 'function') {
        // eslint-disable-next-line @typescript-eslint/no-unused-vars
        const { name, ...unnamed } = config;
        args[0] = unnamed;
      }
      return (super.query as (...passed: unknown[]) => unknown).apply(this, args);
    }
  } as typeof pg.Client;
}

export class Database implements Queryable {
  readonly pool: pg.Pool;

  /** What BEGIN sends after the isolation level: the settings that a transaction pooler does not keep. */
  private readonly beginSettings: string;

  /** The pool's connections as /metrics reports them (GatewayMetrics.observePool). */
  readonly usage = () => ({ total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount });

  constructor(private readonly options: DatabaseOptions) {
    const statementTimeout = options.statementTimeoutMs ?? 10_000;
    const pooled = options.transactionPooling === true;
    // A server that stops answering (statement_timeout is the server's own, so it cannot fire then)
    // must not hang a request: the client gives up shortly after the statement timeout. pg's own
    // query_timeout would do it with a timer per statement (read-deadline.ts says why not).
    const Client = clientWithReadDeadline(statementTimeout + 500);
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
      idleTimeoutMillis: 30_000,
      ...KEEP_ALIVE,
      Client: pooled ? withoutStatementNames(Client) : Client,
      // PgBouncer tracks application_name; it refuses other startup parameters (statement_timeout, options).
      application_name: options.applicationName ?? 'gateway',
      ...(pooled ? {} : { statement_timeout: statementTimeout, ...sessionSettings(options) }),
      types,
    });
    const settings: Record<string, string> = pooled ? { statement_timeout: String(statementTimeout), ...settingsOf(options) } : {};
    this.beginSettings = Object.entries(settings)
      .map(([name, value]) => `; SET LOCAL ${name} = ${pg.escapeLiteral(value)}`)
      .join('');
    if (pooled && Object.keys(settingsOf(options)).length > 0) this.runStatementsInTransactions();
    // An idle client losing its connection is reported here; without a listener it would crash the process.
    this.pool.on('error', () => undefined);
  }

  /**
   * Through a transaction pooler, a pool whose sessions need settings (the counters' commit mode) runs each
   * single statement in a transaction that sets them: callers of pool.query (rate-limiter-flexible) included.
   */
  private runStatementsInTransactions(): void {
    const pool = this.pool as unknown as { query: (config: unknown, values?: unknown[]) => Promise<unknown> };
    pool.query = (config: unknown, values?: unknown[]) => this.inTransaction((client) => client.query(config as pg.QueryConfig, values));
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
    try {
      return await this.inTransaction(work, isolation);
    } catch (error) {
      throw translate(error);
    }
  }

  /** transaction() with the errors as they came. */
  private async inTransaction<T>(work: (tx: pg.PoolClient) => Promise<T>, isolation: IsolationLevel = 'READ COMMITTED'): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    // The server may end the connection between two statements (a restart, an administrator): pg then
    // emits 'error' on the client, which would crash the process without a listener.
    const onError = () => (broken = true);
    client.on('error', onError);
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${isolation}${this.beginSettings}`);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      // A connection to a server that became read-only is dropped: given back, it would fail every write.
      broken = isStaleConnection(error);
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
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
      connectionString: this.options.sessionUrl ?? this.options.url,
      connectionTimeoutMillis: this.options.connectTimeoutMs ?? 3_000,
      application_name: `${this.options.applicationName ?? 'gateway'} lock`,
      ...KEEP_ALIVE,
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

/** A statement cancelled by a replica because WAL replay needed what it read: the primary answers it instead. */
const CONFLICT_WITH_RECOVERY = '40001';
/** How long reads stay on the primary after the replica failed one. */
const REPLICA_RETRY_MS = 5_000;

/**
 * The reads that may lag (contract section 8: inventory, invoices, organizations and the like), served by the
 * replica at `readUrl` when there is one and by the primary otherwise. A replica that cannot be reached (its
 * connect timeout) or cancels a statement in a conflict with its replay sends the read to the primary, and
 * is left alone for REPLICA_RETRY_MS. Never for what must read its own writes (orders, idempotency, tokens).
 */
export class ReplicaReads implements Queryable {
  readonly replica?: Database;
  private downUntil = 0;

  constructor(
    private readonly primary: Database,
    options: DatabaseOptions,
  ) {
    if (options.readUrl)
      this.replica = new Database({ ...options, url: options.readUrl, applicationName: `${options.applicationName ?? 'gateway'} replica reads` });
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<R>> {
    const replica = this.replica;
    if (!replica || performance.now() < this.downUntil) return this.primary.query<R>(text, values);
    try {
      return await replica.pool.query<R>(text as string, values);
    } catch (error) {
      if (!isConnectionError(error) && (error as { code?: string }).code !== CONFLICT_WITH_RECOVERY) throw translate(error);
      this.downUntil = performance.now() + REPLICA_RETRY_MS;
      return this.primary.query<R>(text, values);
    }
  }

  /**
   * Reads in one snapshot (REPEATABLE READ), on the replica when there is one and it answers, else on the
   * primary as query() would; `work` only reads, so it is run again from the start on the primary.
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const replica = this.replica;
    if (replica && performance.now() >= this.downUntil) {
      try {
        return await replica.transaction(work, 'REPEATABLE READ');
      } catch (error) {
        // transaction() made a lost connection or a timeout a 503 problem; a conflict with replay is as it came.
        if (!(error instanceof ServiceUnavailableProblem) && (error as { code?: string }).code !== CONFLICT_WITH_RECOVERY) throw error;
        this.downUntil = performance.now() + REPLICA_RETRY_MS;
      }
    }
    return this.primary.transaction(work, 'REPEATABLE READ');
  }

  async close(): Promise<void> {
    await this.replica?.close();
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
