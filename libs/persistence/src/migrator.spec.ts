import { Database } from './database';
import { migrate } from './migrator';
import { MIGRATIONS } from './migrations';
import { TestDatabase, createTestDatabase } from '@gateway/testing';

describe('migrate', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('applies nothing to a database that is up to date', async () => {
    expect(await migrate(database.db)).toEqual([]);
    const { rows } = await database.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('applies a pending migration exactly once when several processes start together', async () => {
    const extra = [...MIGRATIONS, { version: 9999, name: 'probe', sql: 'CREATE TABLE migration_probe (id int PRIMARY KEY)' }];
    const others = [1, 2, 3].map(() => new Database({ url: database.url, poolMax: 1 }));
    try {
      const results = await Promise.all([database.db, ...others].map((db) => migrate(db, extra)));
      expect(results.map((r) => r.map((m) => m.version)).flat()).toEqual([9999]);
    } finally {
      await Promise.all(others.map((db) => db.close()));
    }
  });

  it('rolls back a failing migration whole', async () => {
    const broken = [...MIGRATIONS, { version: 9998, name: 'broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' }];
    await expect(migrate(database.db, broken)).rejects.toThrow('Migration 9998 (broken) failed');
    const { rows } = await database.db.query("SELECT to_regclass('half_done') AS t");
    expect(rows[0].t).toBeNull();
  });

  it('enforces the rules of the schema, not only the code', async () => {
    await database.db.query("INSERT INTO organizations (id, name) VALUES ('11111111-1111-4111-8111-111111111111', 'Acme')");
    await database.db.query("INSERT INTO warehouses (id, name) VALUES ('wh-1', 'Main')");
    await database.db.query("INSERT INTO retail_units (organization_id, barcode, sku, name) VALUES ('11111111-1111-4111-8111-111111111111', 'B1', 'S1', 'n')");
    const level = (onHand: number, allocated: number) =>
      database.db.query('INSERT INTO inventory_levels (organization_id, warehouse_id, barcode, on_hand, allocated) VALUES ($1, $2, $3, $4, $5)', [
        '11111111-1111-4111-8111-111111111111',
        'wh-1',
        'B1',
        onHand,
        allocated,
      ]);
    await expect(level(1, -1)).rejects.toThrow(/non_negative_safe_integer/);
    await expect(level(Number.MAX_SAFE_INTEGER + 2, 0)).rejects.toThrow(/safe_integer/);
    await expect(
      database.db.query(
        "INSERT INTO stores (id, organization_id, name, warehouse_id) VALUES ('s1', '11111111-1111-4111-8111-111111111111', 'x', 'wh-missing')",
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
