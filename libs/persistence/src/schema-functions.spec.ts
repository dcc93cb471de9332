// The schema's functions against real Postgres. Every text parameter of a PL/pgSQL function takes the call's
// collation; one argument of a domain with COLLATE "C" makes it "C" for all of them, and a column of the
// default collation compared with such a parameter cannot use its index.
import { TestDatabase, createTestDatabase } from '@gateway/testing';

describe("the schema's functions", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('take no parameter of a type with a collation other than the default', async () => {
    const { rows } = await database.db.query<{ fn: string; type: string }>(
      `SELECT p.proname AS fn, format_type(a.type, NULL) AS type
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace, unnest(p.proargtypes::oid[]) AS a(type)
         JOIN pg_type t ON t.oid = a.type
        WHERE n.nspname = current_schema() AND t.typcollation NOT IN (0, (SELECT oid FROM pg_collation WHERE collname = 'default'))
        ORDER BY 1, 2`,
    );
    expect(rows).toEqual([]);
    const { rows: functions } = await database.db.query<{ fn: string }>(
      `SELECT p.proname AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema() AND p.proname LIKE 'sales_order_creation_%' ORDER BY 1`,
    );
    expect(functions.map((f) => f.fn)).toEqual(['sales_order_creation_read', 'sales_order_creation_write']);
  });
});
