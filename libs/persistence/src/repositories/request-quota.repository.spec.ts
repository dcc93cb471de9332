// lease_request_quota on Postgres: units of each client's window, never past the limit, many clients in
// one statement, a window that has ended restarts, and concurrent leases share the one counter.
import { useTestDatabase } from '@gateway/testing';
import { CounterDatabase } from '../database';
import { RequestQuotaRepository } from './request-quota.repository';

const WINDOW_MS = 60_000;

describe('RequestQuotaRepository.lease', () => {
  const { database } = useTestDatabase();
  const repository = new RequestQuotaRepository();

  it('grants what is asked until the limit, then what is left, then nothing; the window and its time left with it', async () => {
    const key = 'request-quota:cl_one';
    const first = await repository.lease(database.db, [key], [4], 10, WINDOW_MS);
    const second = await repository.lease(database.db, [key], [4], 10, WINDOW_MS);
    const third = await repository.lease(database.db, [key], [4], 10, WINDOW_MS);
    const fourth = await repository.lease(database.db, [key], [4], 10, WINDOW_MS);
    expect([first, second, third, fourth].map(([row]) => [row.key, row.granted, row.used])).toEqual([
      [key, 4, 4],
      [key, 4, 8],
      [key, 2, 10],
      [key, 0, 10],
    ]);
    // One window: the same end, and the time left in it no more than the window.
    expect(new Set([first, second, third, fourth].map(([row]) => row.windowEnd)).size).toBe(1);
    for (const [row] of [first, fourth]) expect(row.msLeft).toBeGreaterThan(0);
    expect(first[0].msLeft).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('leases for many clients in one statement, each from its own counter, answered in key order', async () => {
    const rows = await repository.lease(database.db, ['request-quota:cl_b', 'request-quota:cl_a', 'request-quota:cl_c'], [3, 2, 9], 5, WINDOW_MS);
    expect(rows.map((r) => [r.key, r.granted, r.used])).toEqual([
      ['request-quota:cl_a', 2, 2],
      ['request-quota:cl_b', 3, 3],
      ['request-quota:cl_c', 5, 5],
    ]);
    const again = await repository.lease(database.db, ['request-quota:cl_a', 'request-quota:cl_b'], [5, 5], 5, WINDOW_MS);
    expect(again.map((r) => [r.key, r.granted, r.used])).toEqual([
      ['request-quota:cl_a', 3, 5],
      ['request-quota:cl_b', 2, 5],
    ]);
  });

  it('restarts a window that has ended at 0', async () => {
    const key = 'request-quota:cl_ended';
    const [used] = await repository.lease(database.db, [key], [5], 5, WINDOW_MS);
    expect(used.granted).toBe(5);
    await database.db.query('UPDATE rate_limits SET expire = expire - $2 WHERE key = $1', [key, WINDOW_MS + 1]);
    const [renewed] = await repository.lease(database.db, [key], [3], 5, WINDOW_MS);
    expect([renewed.granted, renewed.used]).toEqual([3, 3]);
    // A new window: it ends after the one that was used up would have.
    expect(renewed.windowEnd).toBeGreaterThan(used.windowEnd);
  });

  it('never grants past the limit to leases sent at once on several connections, whatever their order of keys', async () => {
    const counters = new CounterDatabase(CounterDatabase.optionsFrom({ url: database.url, poolMax: 8 }));
    try {
      const keys = ['request-quota:cl_x', 'request-quota:cl_y'];
      const leases = await Promise.all(
        Array.from({ length: 40 }, (_, i) => repository.lease(counters, i % 2 ? keys : [...keys].reverse(), [3, 2], 50, WINDOW_MS)),
      );
      const granted = (key: string) =>
        leases
          .flat()
          .filter((r) => r.key === key)
          .reduce((sum, r) => sum + r.granted, 0);
      expect([granted(keys[0]), granted(keys[1])]).toEqual([50, 50]);
    } finally {
      await counters.close();
    }
  });
});
