import { ServiceUnavailableProblem } from '@gateway/platform';
import { CounterDatabase, Database, isConnectionError } from './database';
import { freePort } from '@gateway/dev-postgres';
import { FreezableProxy, TestDatabase, createTestDatabase, startFreezableProxy } from '@gateway/testing';

describe('Database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  /**
   * Runs `test` with a Database whose statements get 300 ms, connected through a proxy in front of the real
   * server that, once frozen, passes nothing on (a paused Postgres); one statement is answered before.
   */
  async function behindFreezableProxy(test: (db: Database, proxy: FreezableProxy) => Promise<void>, poolMax?: number): Promise<void> {
    const proxy = await startFreezableProxy(database.url);
    const db = new Database({ url: proxy.url, statementTimeoutMs: 300, poolMax });
    try {
      await db.query('SELECT 1');
      await test(db, proxy);
    } finally {
      await proxy.close();
      await db.close().catch(() => undefined);
    }
  }

  it('reads int8 and numeric as numbers and dates as YYYY-MM-DD strings', async () => {
    const { rows } = await database.db.query("SELECT 9007199254740991::int8 AS big, 12.5::numeric AS n, '2024-02-29'::date AS d");
    expect(rows[0]).toEqual({ big: 9007199254740991, n: 12.5, d: '2024-02-29' });
  });

  it('commits counters without waiting for the WAL flush, and nothing else', async () => {
    const counters = new CounterDatabase(CounterDatabase.optionsFrom({ url: database.url, poolMax: 10, applicationName: 'spec' }));
    try {
      expect((await counters.query('SHOW synchronous_commit')).rows[0]).toEqual({ synchronous_commit: 'off' });
      expect((await counters.query('SHOW application_name')).rows[0]).toEqual({ application_name: 'spec counters' });
      expect(counters.pool.options.max).toBe(5);
      expect((await database.db.query('SHOW synchronous_commit')).rows[0]).toEqual({ synchronous_commit: 'on' });
    } finally {
      await counters.close();
    }
  });

  it('rolls a transaction back when its work throws', async () => {
    await database.db.query('CREATE TABLE tx_probe (id int)');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await database.db.query('SELECT count(*)::int AS n FROM tx_probe')).rows[0].n).toBe(0);
  });

  it('answers an unreachable database with a 503 problem, quickly', async () => {
    const port = await freePort();
    const unreachable = new Database({ url: `postgresql://u:p@127.0.0.1:${port}/none`, connectTimeoutMs: 500 });
    try {
      const error = await unreachable.query('SELECT 1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableProblem);
      expect((error as ServiceUnavailableProblem).getStatus()).toBe(503);
      await expect(unreachable.transaction(async () => 1)).rejects.toBeInstanceOf(ServiceUnavailableProblem);
    } finally {
      await unreachable.close();
    }
  });

  it('answers a statement that runs out of time with a 503 problem, not a 500', async () => {
    const slow = new Database({ url: database.url, statementTimeoutMs: 200 });
    try {
      const error = await slow.query('SELECT pg_sleep(2)').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableProblem);
      expect((error as ServiceUnavailableProblem).getResponse()).toEqual(
        expect.objectContaining({ status: 503, detail: 'The database did not answer in time; try again shortly.' }),
      );
    } finally {
      await slow.close();
    }
  });

  it('gives up on a server that stops answering: a 503 problem within the contract 5 s', async () => {
    await behindFreezableProxy(async (db, proxy) => {
      proxy.freeze();
      const started = Date.now();
      const error = await db.query('SELECT 1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableProblem);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  it('gives up on a statement of a transaction on a server that stops answering, and the pool replaces that connection', async () => {
    // One connection: the statement after the thaw can only succeed on a new one.
    await behindFreezableProxy(async (db, proxy) => {
      const started = Date.now();
      const error = await db
        .transaction(async (tx) => {
          await tx.query('SELECT 1');
          proxy.freeze();
          await tx.query('SELECT 2');
        })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableProblem);
      expect((error as ServiceUnavailableProblem).getResponse()).toEqual(
        expect.objectContaining({ status: 503, detail: 'The database is unreachable; try again shortly.' }),
      );
      // The read deadline is the statement timeout and 500 ms: not before, and well within the contract's 5 s.
      expect(Date.now() - started).toBeGreaterThanOrEqual(800);
      expect(Date.now() - started).toBeLessThan(5_000);
      proxy.thaw();
      expect((await db.query<{ n: number }>('SELECT 3 AS n')).rows).toEqual([{ n: 3 }]);
    }, 1);
  });

  it("fails a statement run through the pool with a callback (as rate-limiter-flexible does) with pg's own read-timeout error, once", async () => {
    await behindFreezableProxy(async (db, proxy) => {
      proxy.freeze();
      const calls: Array<Error | undefined> = [];
      await new Promise<void>((resolve) =>
        db.pool.query('SELECT 1', [], (error) => {
          calls.push(error);
          resolve();
        }),
      );
      proxy.thaw();
      expect((await db.query<{ n: number }>('SELECT 4 AS n')).rows).toEqual([{ n: 4 }]);
      expect(calls.map((error) => error?.message)).toEqual(['Query read timeout']);
    }, 1);
  });

  it('runs exclusively() work one process at a time, on a connection outside the pool, and lets go when the work throws', async () => {
    const one = new Database({ url: database.url, poolMax: 1 });
    const other = new Database({ url: database.url, poolMax: 1 });
    const events: string[] = [];
    const work = (name: string) => async () => {
      events.push(`${name} in`);
      // The pool's only connection is free for the work while the lock is held.
      await one.query('SELECT pg_sleep(0.2)');
      events.push(`${name} out`);
      return name;
    };
    try {
      await expect(one.exclusively(727_999, async () => Promise.reject(new Error('failed inside')))).rejects.toThrow('failed inside');
      const results = await Promise.all([one.exclusively(727_999, work('a')), other.exclusively(727_999, work('b'))]);
      expect(results).toEqual(['a', 'b']);
      expect([
        ['a in', 'a out', 'b in', 'b out'],
        ['b in', 'b out', 'a in', 'a out'],
      ]).toContainEqual(events);
    } finally {
      await one.close();
      await other.close();
    }
  });

  it('tells connection errors from statement errors', () => {
    expect(isConnectionError({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isConnectionError({ code: '57P01' })).toBe(true);
    // PgBouncer's own: its server connection died under a statement ("server conn crashed?"), it cannot reach the server.
    expect(isConnectionError({ code: '08P01', message: 'server conn crashed?' })).toBe(true);
    expect(isConnectionError({ code: '23505', message: 'duplicate key' })).toBe(false);
  });
});
