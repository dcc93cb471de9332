import { ServiceUnavailableProblem } from '@gateway/platform';
import { Database, isConnectionError } from './database';
import { freePort } from './embedded-postgres';
import { TestDatabase, createTestDatabase } from '@gateway/testing';

describe('Database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('reads int8 and numeric as numbers and dates as YYYY-MM-DD strings', async () => {
    const { rows } = await database.db.query("SELECT 9007199254740991::int8 AS big, 12.5::numeric AS n, '2024-02-29'::date AS d");
    expect(rows[0]).toEqual({ big: 9007199254740991, n: 12.5, d: '2024-02-29' });
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

  it('tells connection errors from statement errors', () => {
    expect(isConnectionError({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isConnectionError({ code: '57P01' })).toBe(true);
    expect(isConnectionError({ code: '23505', message: 'duplicate key' })).toBe(false);
  });
});
