// The sales-order list at 1,000,000 orders in one store: its plan walks an index in the list's order
// (no sort, no scan of the store's orders), for the first page, a later page and a reference filter.
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { Database } from '../database';
import { sql as listIndexesSql } from '../migrations/0005-sales-order-list-indexes';
import { SalesOrderPage, SalesOrderRepository } from './sales-order.repository';

const ORGANIZATION = '6f1c2b9a-0d3e-4b5a-8c7d-1e2f3a4b5c6d';
const ORDERS = 1_000_000;

describe('the sales-order list plan at 1,000,000 orders in one store', () => {
  let database: TestDatabase;
  const repository = new SalesOrderRepository();

  beforeAll(async () => {
    database = await createTestDatabase();
    // Filling a million rows takes longer than the gateway's statement timeout.
    const loader = new Database({ url: database.url, poolMax: 1, statementTimeoutMs: 1_500_000 });
    await loader.query(`INSERT INTO warehouses (id, name) VALUES ('wh-plan', 'Plan')`);
    await loader.query(`INSERT INTO organizations (id, name) VALUES ($1, 'Plan')`, [ORGANIZATION]);
    await loader.query(
      `INSERT INTO stores (id, organization_id, name, warehouse_id) VALUES ('store-plan', $1, 'Web', 'wh-plan'), ('store-other', $1, 'Other', 'wh-plan')`,
      [ORGANIZATION],
    );
    // Loading is faster without the list indexes and the foreign-key triggers; the indexes are rebuilt after.
    await loader.query('DROP INDEX sales_orders_store_newest_idx, sales_orders_reference_newest_idx, fulfilment_orders_sales_order_idx');
    await loader.query('SET session_replication_role = replica');
    await loader.query(
      `INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, customer, created_by_client_id, created_at)
       SELECT gen_random_uuid(), $1, CASE WHEN i > $2::int THEN 'store-other' ELSE 'store-plan' END, 'REF-' || (i % 50000), 'RECEIVED', now(), '{"firstName":"A"}', 'cl_plan',
              timestamptz '2026-01-01' + i * interval '1 second'
         FROM generate_series(1, $2::int + 10000) AS i`,
      [ORGANIZATION, ORDERS],
    );
    await loader.query(
      `INSERT INTO fulfilment_orders (id, organization_id, warehouse_id, store_id, sales_order_id, status)
       SELECT 'fo-' || id, organization_id, 'wh-plan', store_id, id, 'OPEN' FROM sales_orders`,
    );
    await loader.query('SET session_replication_role = DEFAULT');
    // The indexes exactly as migration 5 creates them.
    for (const statement of listIndexesSql.split(';').filter((text) => text.includes('CREATE INDEX'))) await loader.query(statement);
    await loader.query('ANALYZE sales_orders');
    await loader.query('ANALYZE fulfilment_orders');
    await loader.close();
  }, 1_800_000);

  afterAll(async () => {
    await database.drop();
  });

  async function plan(page: SalesOrderPage): Promise<string> {
    const { text, values } = repository.pageQuery(page);
    const { rows } = await database.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values);
    const lines = rows.map((r) => r['QUERY PLAN']).join('\n');
    console.log(`EXPLAIN of the sales-order list (${JSON.stringify({ ...page, organizationId: '…' })}):\n${lines}`);
    // Below "SubPlan" is the json_agg of one order's lines (sorted by position, through the lines' primary key).
    const [list, oneOrderLines] = lines.split('SubPlan');
    expect(oneOrderLines).toContain('sales_order_lines_pkey');
    return list;
  }

  const base = { organizationId: ORGANIZATION, storeId: 'store-plan', limit: 21 };

  it('the first page walks sales_orders_store_newest_idx and sorts nothing', async () => {
    const lines = await plan(base);
    expect(lines).toContain('Index Scan using sales_orders_store_newest_idx');
    expect(lines).toContain('fulfilment_orders_sales_order_idx');
    expect(lines).not.toMatch(/Sort|Seq Scan|Bitmap/);
  });

  it('a later page starts inside the same index', async () => {
    const lines = await plan({ ...base, before: { createdAt: '2026-01-06T00:00:00.000000Z', id: 'ffffffff-ffff-4fff-8fff-ffffffffffff' } });
    expect(lines).toContain('Index Scan using sales_orders_store_newest_idx');
    expect(lines).not.toMatch(/Sort|Seq Scan|Bitmap/);
  });

  it('a reference filter walks sales_orders_reference_newest_idx', async () => {
    const lines = await plan({ ...base, orderReference: 'REF-42' });
    expect(lines).toContain('Index Scan using sales_orders_reference_newest_idx');
    expect(lines).not.toMatch(/Sort|Seq Scan|Bitmap/);
  });

  it('reads one page of rows, not the store: the index scan stops after the page', async () => {
    // Work, not time: EXPLAIN ANALYZE counts the rows each node produced, which no machine load changes.
    const { text, values } = repository.pageQuery(base);
    const { rows } = await database.db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
    const scans: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      if (node['Index Name'] === 'sales_orders_store_newest_idx') scans.push(node);
      node.Plans?.forEach(walk);
    };
    walk(rows[0]['QUERY PLAN'][0].Plan);
    expect(scans).toHaveLength(1);
    expect(scans[0]['Actual Rows']).toBe(21);
    const page = await repository.page(database.db, base);
    expect(page).toHaveLength(21);
    expect(page[0].createdAt.getTime()).toBeGreaterThan(page[20].createdAt.getTime());
  });
});

interface PlanNode {
  'Index Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}
