// The gateways' side of the database tier production runs (contract section 8): through PgBouncer in
// transaction mode (Debian's 1.18, which does not track prepared statements), a connection to a primary that
// became read-only dropped, and the reads that may lag served by a streaming replica (Debian's Postgres 15).
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { ServiceUnavailableProblem } from '@gateway/platform';
import {
  PgBouncer,
  Postgres15Pair,
  TestDatabase,
  createTestDatabase,
  debianDatabaseTierMissing,
  postgres15Missing,
  startPgBouncer,
  startPostgres15Pair,
} from '@gateway/testing';
import { CounterDatabase, Database, ReplicaReads } from './database';

const missing = debianDatabaseTierMissing();
const describeTier = missing ? describe.skip : describe;
if (missing) console.warn(`SKIPPED: the database tier spec through PgBouncer: ${missing}`);
const missing15 = postgres15Missing();
const describeReplica = missing15 ? describe.skip : describe;
if (missing15) console.warn(`SKIPPED: the database tier spec on a streaming replica: ${missing15}`);

describe('Database: a connection to a server that became read-only', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('is a 503 and dropped, not given back to the pool to fail every later write', async () => {
    const db = new Database({ url: database.url, poolMax: 1 });
    try {
      await db.query('CREATE TABLE read_only_probe (n int)');
      // What a demoted primary does to the session: every transaction from now on is read-only.
      await db.transaction(async (tx) => {
        await tx.query('SET SESSION default_transaction_read_only = on');
      });
      await expect(db.transaction((tx) => tx.query('INSERT INTO read_only_probe VALUES (1)'))).rejects.toBeInstanceOf(ServiceUnavailableProblem);
      // The pool's one connection was that one: a new one writes.
      await db.transaction((tx) => tx.query('INSERT INTO read_only_probe VALUES (2)'));
      expect((await db.query('SELECT n FROM read_only_probe')).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });
});

describeTier('Database through PgBouncer in transaction mode', () => {
  let database: TestDatabase;
  let bouncer: PgBouncer;
  beforeAll(async () => {
    database = await createTestDatabase();
    // One server connection for every client: a statement prepared by one client is seen by the next.
    bouncer = await startPgBouncer(database.url, 1);
  });
  afterAll(async () => {
    await bouncer?.stop();
    await database?.drop();
  });

  it('sends no named statement: the same named statement from many clients at once', async () => {
    const db = new Database({ url: bouncer.url, poolMax: 4, transactionPooling: true });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => db.query<{ n: number }>({ name: 'tier-probe', text: 'SELECT $1::int AS n', values: [i] })),
      );
      expect(results.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    } finally {
      await db.close();
    }
  });

  it('holds the statement timeout in transactions, and the counters commit without waiting for the flush', async () => {
    const db = new Database({ url: bouncer.url, poolMax: 2, statementTimeoutMs: 300, transactionPooling: true });
    const counters = new CounterDatabase(CounterDatabase.optionsFrom({ url: bouncer.url, poolMax: 2, statementTimeoutMs: 300, transactionPooling: true }));
    try {
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(2)'))).rejects.toBeInstanceOf(ServiceUnavailableProblem);
      expect((await db.transaction((tx) => tx.query('SHOW statement_timeout'))).rows[0]).toEqual({ statement_timeout: '300ms' });
      // Through pool.query as rate-limiter-flexible calls it, and through query().
      expect((await counters.pool.query('SHOW synchronous_commit')).rows[0]).toEqual({ synchronous_commit: 'off' });
      expect((await counters.query('SHOW synchronous_commit')).rows[0]).toEqual({ synchronous_commit: 'off' });
      // The main pool's own commits still wait for the flush.
      expect((await db.query('SHOW synchronous_commit')).rows[0]).toEqual({ synchronous_commit: 'on' });
    } finally {
      await db.close();
      await counters.close();
    }
  });

  it('is a 503 when PgBouncer cannot reach the server', async () => {
    // A pooler whose server is gone (a primary killed before HAProxy knows): PgBouncer answers with errors of its own.
    const dead = await startPgBouncer('postgresql://gateway@127.0.0.1:1/gateway', 1, false);
    const db = new Database({ url: dead.url, poolMax: 2, connectTimeoutMs: 1_000, transactionPooling: true });
    try {
      await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(ServiceUnavailableProblem);
      await expect(db.transaction((tx) => tx.query('SELECT 1'))).rejects.toBeInstanceOf(ServiceUnavailableProblem);
    } finally {
      await db.close();
      await dead.stop();
    }
  });

  it("runs rate-limiter-flexible's failure counters (named statements of its own) through the pooler", async () => {
    const counters = new CounterDatabase(CounterDatabase.optionsFrom({ url: bouncer.url, poolMax: 4, transactionPooling: true }));
    const limiter = new RateLimiterPostgres({
      storeClient: counters.pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      keyPrefix: 'auth-fail-pooler',
      points: 3,
      duration: 60,
    });
    try {
      // Concurrent failures from several clients on the one server connection, then the refusal past the limit.
      const consumed = await Promise.all([limiter.penalty('k'), limiter.penalty('k'), limiter.penalty('k')]);
      expect(consumed.map((r) => r.consumedPoints).sort()).toEqual([1, 2, 3]);
      await expect(limiter.consume('k')).rejects.toMatchObject({ remainingPoints: 0 });
      expect((await limiter.get('k'))?.consumedPoints).toBe(4);
      await limiter.delete('k');
      expect(await limiter.get('k')).toBeNull();
    } finally {
      await counters.close();
    }
  });
});

describeReplica('ReplicaReads on a streaming replica (Postgres 15)', () => {
  let pair: Postgres15Pair;
  beforeAll(async () => {
    pair = await startPostgres15Pair();
  }, 60_000);
  afterAll(async () => {
    await pair?.stop();
  });

  it('serves the reads that may lag from the replica (stale while its replay is paused), the primary its own reads', async () => {
    const primary = new Database({ url: pair.primaryUrl, poolMax: 2 });
    const reads = new ReplicaReads(primary, { url: pair.primaryUrl, readUrl: pair.replicaUrl, poolMax: 2 });
    try {
      await primary.query('CREATE TABLE stock (sku text PRIMARY KEY, quantity int)');
      await primary.query("INSERT INTO stock VALUES ('A', 10)");
      await pair.whileReplayPaused(async () => {
        await primary.query("UPDATE stock SET quantity = 7 WHERE sku = 'A'");
        expect((await reads.query("SELECT quantity FROM stock WHERE sku = 'A'")).rows).toEqual([{ quantity: 10 }]);
        expect((await primary.query("SELECT quantity FROM stock WHERE sku = 'A'")).rows).toEqual([{ quantity: 7 }]);
      });
      expect((await reads.query("SELECT quantity FROM stock WHERE sku = 'A'")).rows).toEqual([{ quantity: 7 }]);
    } finally {
      await reads.close();
      await primary.close();
    }
  });

  it('runs a transaction of reads in one snapshot of the replica, whose commit-order horizon is what it has replayed', async () => {
    const primary = new Database({ url: pair.primaryUrl, poolMax: 2 });
    const reads = new ReplicaReads(primary, { url: pair.primaryUrl, readUrl: pair.replicaUrl, poolMax: 2 });
    const horizon = `SELECT pg_is_in_recovery() AS replica, pg_snapshot_xmin(pg_current_snapshot())::text AS horizon`;
    try {
      await primary.query('CREATE TABLE horizon_probe (n int)');
      await pair.whileReplayPaused(async () => {
        await primary.query('INSERT INTO horizon_probe VALUES (1)');
        const onPrimary = (await primary.query<{ horizon: string }>(horizon)).rows[0].horizon;
        const onReplica = await reads.transaction(async (tx) => ({
          ...(await tx.query<{ replica: boolean; horizon: string }>(horizon)).rows[0],
          rows: (await tx.query('SELECT n FROM horizon_probe')).rows,
        }));
        expect(onReplica).toMatchObject({ replica: true, rows: [] });
        expect(BigInt(onReplica.horizon)).toBeLessThan(BigInt(onPrimary));
      });
    } finally {
      await reads.close();
      await primary.close();
    }
  });

  it('sends reads to the primary within the connect timeout when the replica cannot be reached', async () => {
    const primary = new Database({ url: pair.primaryUrl, poolMax: 2 });
    // Nothing listens on port 1 of 127.0.0.2.
    const reads = new ReplicaReads(primary, { url: pair.primaryUrl, readUrl: 'postgresql://postgres@127.0.0.2:1/postgres', poolMax: 2, connectTimeoutMs: 500 });
    try {
      const started = performance.now();
      expect((await reads.query('SELECT pg_is_in_recovery() AS replica')).rows).toEqual([{ replica: false }]);
      expect(performance.now() - started).toBeLessThan(1_500);
      expect((await reads.transaction((tx) => tx.query('SELECT pg_is_in_recovery() AS replica'))).rows).toEqual([{ replica: false }]);
    } finally {
      await reads.close();
      await primary.close();
    }
  });
});
