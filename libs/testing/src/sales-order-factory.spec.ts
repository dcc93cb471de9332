import { placeSalesOrder } from './sales-order-factory';
import { seedOrganization } from './seed';
import { useTestDatabase } from './use-fixture';

describe('placeSalesOrder', () => {
  const { database } = useTestDatabase();

  it('places the order through the service its module builds, and leaves the test database open', async () => {
    const org = await seedOrganization(database.db);
    const pending = async () =>
      (
        await database.db.query('SELECT pending_allocation FROM inventory_levels WHERE organization_id = $1 AND warehouse_id = $2 AND barcode = $3', [
          org.organizationId,
          org.warehouseId,
          org.barcodes[0],
        ])
      ).rows[0].pending_allocation;
    const before = await pending();
    const first = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 2 }]);
    const second = await placeSalesOrder(database.db, org, [{ barcode: org.barcodes[0], quantity: 1 }]);
    const { rows } = await database.db.query(
      'SELECT s.id, s.status, f.id AS fulfilment_order_id, f.status AS fulfilment_status FROM sales_orders s JOIN fulfilment_orders f ON f.sales_order_id = s.id ORDER BY s.created_at',
    );
    expect(rows).toEqual([
      { id: first.salesOrderId, status: 'RECEIVED', fulfilment_order_id: first.fulfilmentOrderId, fulfilment_status: 'OPEN' },
      { id: second.salesOrderId, status: 'RECEIVED', fulfilment_order_id: second.fulfilmentOrderId, fulfilment_status: 'OPEN' },
    ]);
    expect(await pending()).toBe(before + 3);
  });
});
