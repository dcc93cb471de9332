// The internal inventory reads: one level (spec 2.8) and the lists of an organization and of a warehouse.
import { SeededOrganization, importFixture, seedOrganization } from '@gateway/testing';
import { useInternalGateway } from './support/start-internal-gateway';

const UNKNOWN_ORG = '00000000-0000-4000-8000-000000000000';

describe('internal inventory', () => {
  const { database, gateway } = useInternalGateway();
  let org: SeededOrganization;
  const otherWarehouse = 'wh-inventory-second';
  const emptyWarehouse = 'wh-inventory-empty';

  beforeAll(async () => {
    org = await seedOrganization(database.db);
    await importFixture(database.db, {
      warehouses: [
        { id: otherWarehouse, name: 'Second' },
        { id: emptyWarehouse, name: 'Empty' },
      ],
      inventory: [
        { organizationId: org.organizationId, warehouseId: otherWarehouse, barcode: org.barcodes[0], onHand: 3, allocated: 1, pendingAllocation: 4 },
        { organizationId: org.organizationId, warehouseId: otherWarehouse, barcode: org.barcodes[2], onHand: 0 },
      ],
    });
  });

  const levelPath = (barcode: string, warehouseId = org.warehouseId, organizationId = org.organizationId) =>
    `/organizations/${organizationId}/warehouses/${warehouseId}/inventory/${barcode}`;

  describe('GET /organizations/{organizationId}/warehouses/{warehouseId}/inventory/{barcode}', () => {
    it('answers the level with its eight fields as integers', async () => {
      const res = await gateway.get(levelPath(org.barcodes[1]));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        organizationId: org.organizationId,
        warehouseId: org.warehouseId,
        barcode: org.barcodes[1],
        fulfillable: 4,
        allocated: 1,
        pendingAllocation: 0,
        sellable: 4,
        onHand: 5,
      });
      expect(res.text).not.toMatch(/"\d+"/);
    });

    it('derives fulfillable and sellable from onHand, allocated and pendingAllocation (sellable may be negative)', async () => {
      const res = await gateway.get(levelPath(org.barcodes[0], otherWarehouse));
      expect(res.body).toEqual({
        organizationId: org.organizationId,
        warehouseId: otherWarehouse,
        barcode: org.barcodes[0],
        fulfillable: 2,
        allocated: 1,
        pendingAllocation: 4,
        sellable: -2,
        onHand: 3,
      });
    });

    it('answers the zero level for a retail unit where nothing ever moved', async () => {
      const res = await gateway.get(levelPath(org.barcodes[1], emptyWarehouse));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        organizationId: org.organizationId,
        warehouseId: emptyWarehouse,
        barcode: org.barcodes[1],
        fulfillable: 0,
        allocated: 0,
        pendingAllocation: 0,
        sellable: 0,
        onHand: 0,
      });
    });

    it.each([
      ['organization', () => levelPath(org.barcodes[0], org.warehouseId, UNKNOWN_ORG), 'The organization does not exist.'],
      ['warehouse', () => levelPath(org.barcodes[0], 'wh-nowhere'), 'The warehouse does not exist.'],
      ['barcode', () => levelPath('NOT-A-UNIT'), 'The barcode is not a retail unit of this organization.'],
    ])('answers 404 naming an unknown %s', async (_what, path, detail) => {
      const res = await gateway.get(path());
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail });
    });

    it('answers 400 with a pointer for a malformed path parameter', async () => {
      const res = await gateway.get(levelPath('bad%20barcode'));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ pointer: '/path/barcode', message: 'must be 1 to 100 letters, digits, dots, underscores or hyphens' }]);
      const badOrg = await gateway.get(levelPath(org.barcodes[0], org.warehouseId, 'not-a-uuid'));
      expect(badOrg.status).toBe(400);
      expect(badOrg.body.errors).toEqual([{ pointer: '/path/organizationId', message: 'must be a UUID' }]);
    });
  });

  describe('lists', () => {
    const item = (warehouseId: string, index: number, quantities: { onHand: number; allocated: number; pendingAllocation: number }) => ({
      organizationId: org.organizationId,
      warehouseId,
      barcode: org.barcodes[index],
      sku: `SKU-${org.organizationId.slice(0, 8)}-${['1', '2', 'old'][index]}`,
      name: ['First', 'Second', 'Old'][index],
      archived: index === 2,
      fulfillable: quantities.onHand - quantities.allocated,
      allocated: quantities.allocated,
      pendingAllocation: quantities.pendingAllocation,
      sellable: quantities.onHand - quantities.allocated - quantities.pendingAllocation,
      onHand: quantities.onHand,
    });

    it('lists every level of the organization, archived units included, by warehouse then barcode', async () => {
      const res = await gateway.get(`/organizations/${org.organizationId}/inventory`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        items: [
          item(otherWarehouse, 0, { onHand: 3, allocated: 1, pendingAllocation: 4 }),
          item(otherWarehouse, 2, { onHand: 0, allocated: 0, pendingAllocation: 0 }),
          item(org.warehouseId, 0, { onHand: 10, allocated: 0, pendingAllocation: 0 }),
          item(org.warehouseId, 1, { onHand: 5, allocated: 1, pendingAllocation: 0 }),
        ].sort((a, b) => (a.warehouseId + '/' + a.barcode < b.warehouseId + '/' + b.barcode ? -1 : 1)),
      });
    });

    it('lists the levels of one warehouse', async () => {
      const res = await gateway.get(`/organizations/${org.organizationId}/warehouses/${otherWarehouse}/inventory`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        outcome: 'SUCCESS',
        items: [
          item(otherWarehouse, 0, { onHand: 3, allocated: 1, pendingAllocation: 4 }),
          item(otherWarehouse, 2, { onHand: 0, allocated: 0, pendingAllocation: 0 }),
        ],
      });
    });

    it('answers an empty list for a warehouse without levels of the organization', async () => {
      const res = await gateway.get(`/organizations/${org.organizationId}/warehouses/${emptyWarehouse}/inventory`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ outcome: 'SUCCESS', items: [] });
    });

    it('answers 404 for an unknown organization or warehouse, before any byte of a list', async () => {
      const noOrg = await gateway.get(`/organizations/${UNKNOWN_ORG}/inventory`);
      expect(noOrg.status).toBe(404);
      expect(noOrg.body.detail).toBe('The organization does not exist.');
      const noWarehouse = await gateway.get(`/organizations/${org.organizationId}/warehouses/wh-nowhere/inventory`);
      expect(noWarehouse.status).toBe(404);
      expect(noWarehouse.body.detail).toBe('The warehouse does not exist.');
    });

    it('streams an organization larger than one page whole and in order', async () => {
      const large = await seedOrganization(database.db);
      const units = 2_600;
      await database.db.query(
        `INSERT INTO retail_units (organization_id, barcode, sku, name) SELECT $1, 'P' || lpad(n::text, 6, '0'), 'SKU-P' || n, 'Unit ' || n FROM generate_series(1, $2) AS n`,
        [large.organizationId, units],
      );
      await database.db.query(
        `INSERT INTO inventory_levels (organization_id, warehouse_id, barcode, on_hand, allocated, pending_allocation)
         SELECT $1, w, 'P' || lpad(n::text, 6, '0'), n, n % 2, n % 3 FROM generate_series(1, $2) AS n, unnest(ARRAY[$3, $4]) AS w`,
        [large.organizationId, units, large.warehouseId, otherWarehouse],
      );
      const res = await gateway.get(`/organizations/${large.organizationId}/inventory`);
      expect(res.status).toBe(200);
      const items = res.body.items as { warehouseId: string; barcode: string; onHand: number; sellable: number }[];
      // 2 seeded levels + 2,600 at each of the two warehouses.
      expect(items).toHaveLength(2 + 2 * units);
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1], items[i]];
        expect(a.warehouseId < b.warehouseId || (a.warehouseId === b.warehouseId && a.barcode < b.barcode)).toBe(true);
      }
      expect(items.find((x) => x.warehouseId === otherWarehouse && x.barcode === 'P002345')).toMatchObject({ onHand: 2345, sellable: 2345 - 1 - 2 });
    });
  });

  it('refuses a caller without a token', async () => {
    const res = await gateway.get(`/organizations/${org.organizationId}/inventory`).set('Authorization', '');
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="internal"');
  });
});
