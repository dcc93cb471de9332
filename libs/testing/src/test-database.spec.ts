import { createTestDatabase } from './test-database';

describe('createTestDatabase', () => {
  it('gives each caller a migrated database of its own', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      expect(a.url).not.toBe(b.url);
      await a.db.query("INSERT INTO warehouses (id, name) VALUES ('wh-a', 'A')");
      expect((await b.db.query('SELECT count(*)::int AS n FROM warehouses')).rows[0].n).toBe(0);
      expect((await a.db.query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.drop(), b.drop()]);
    }
  });
});
