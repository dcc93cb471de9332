// An organization with 100,000 inventory rows: answered whole and in order, streamed in pages.
// (Timings are measured by `npm run bench`; set REPORT_FIGURES=1 to print this run's.)
import request from 'supertest';
import { Database } from '@gateway/persistence';
import { createTestClient, seedOrganization } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

const ROWS = 100_000;

describe('inventory of 100,000 rows', () => {
  const { database, gateway } = usePublicGateway();
  let organizationId: string;
  let token: string;

  beforeAll(async () => {
    const org = await seedOrganization(database.db);
    organizationId = org.organizationId;
    // The seed goes through a connection of its own with a long statement timeout: on a loaded machine
    // its 100,000-row inserts take longer than a request may.
    const loader = new Database({ url: database.url, poolMax: 1, statementTimeoutMs: 110_000 });
    await loader.transaction(async (tx) => {
      await tx.query("INSERT INTO warehouses (id, name) VALUES ('wh-large-a', 'A'), ('wh-large-b', 'B')");
      await tx.query(
        `INSERT INTO retail_units (organization_id, barcode, sku, name)
         SELECT $1, 'L' || lpad(n::text, 7, '0'), 'SKU-' || n, 'Unit ' || n FROM generate_series(1, $2) AS n`,
        [organizationId, ROWS / 2],
      );
      await tx.query(
        `INSERT INTO inventory_levels (organization_id, warehouse_id, barcode, on_hand, allocated, pending_allocation)
         SELECT $1, w, 'L' || lpad(n::text, 7, '0'), n, 0, n % 3 FROM generate_series(1, $2) AS n, unnest(ARRAY['wh-large-a', 'wh-large-b']) AS w`,
        [organizationId, ROWS / 2],
      );
      await tx.query('DELETE FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2', [organizationId, org.warehouseId]);
    });
    await loader.query('ANALYZE retail_units, inventory_levels');
    await loader.close();
    const c = await createTestClient(database.url, { type: 'ORGANIZATION', organizationId });
    token = (
      await request(gateway.app.getHttpServer())
        .post('/oauth2/token')
        .type('form')
        .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString())
    ).body.access_token;
  }, 120_000);

  it('answers every row, grouped per warehouse and ordered by barcode', async () => {
    const started = process.hrtime.bigint();
    const rssBefore = process.memoryUsage().rss;
    const res = await request(gateway.app.getHttpServer()).get(`/v0/organizations/${organizationId}/inventory`).set('Authorization', `Bearer ${token}`);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(res.status).toBe(200);
    const groups = res.body.items as { warehouseId: string; items: { barcode: string; onHand: number; sellable: number }[] }[];
    expect(groups.map((g) => [g.warehouseId, g.items.length])).toEqual([
      ['wh-large-a', ROWS / 2],
      ['wh-large-b', ROWS / 2],
    ]);
    for (const group of groups) {
      for (let i = 1; i < group.items.length; i++) expect(group.items[i - 1].barcode < group.items[i].barcode).toBe(true);
    }
    expect(groups[0].items[6]).toEqual({ barcode: 'L0000007', onHand: 7, sellable: 6 });
    if (process.env.REPORT_FIGURES) {
      process.stdout.write(
        `inventory 100k rows: ${ms.toFixed(0)} ms, ${res.text.length} bytes, rss +${((process.memoryUsage().rss - rssBefore) / 1e6).toFixed(1)} MB (test process incl. client parsing)\n`,
      );
    }
  }, 120_000);
});
