// After a mixed sequence of sales orders, receipts, allocations, shipments, cancellations and withdrawals
// (a few at a time, concurrently), every level equals its projection of the event log, no quantity is
// negative, and allocated / pendingAllocation equal the sums over the fulfilment orders that hold them.
import { randomUUID } from 'node:crypto';
import { projectLevel } from '@gateway/domain';
import { importFixture, placeSalesOrder } from '@gateway/testing';
import { dispatch, levelPayloads } from './support/inventory-queries';
import { useInternalGateway } from './support/start-internal-gateway';

/** A small deterministic generator (mulberry32), so that a failing sequence can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = Number(process.env.INVARIANTS_SEED ?? 20260918);
const STEPS = 160;
const CONCURRENCY = 3;

describe('inventory invariants', () => {
  const { database, gateway } = useInternalGateway();
  const organizationId = randomUUID();
  const tag = organizationId.slice(0, 8);
  const warehouses = [`wh-inv-${tag}-a`, `wh-inv-${tag}-b`];
  const stores = [
    { id: `store-inv-${tag}-a`, warehouseId: warehouses[0] },
    { id: `store-inv-${tag}-b`, warehouseId: warehouses[1] },
  ];
  const barcodes = [1, 2, 3, 4].map((n) => `INV-${tag}-${n}`);

  beforeAll(async () => {
    await importFixture(database.db, {
      warehouses: warehouses.map((id) => ({ id, name: id })),
      organizations: [{ id: organizationId, name: 'Invariants' }],
      stores: stores.map((s) => ({ id: s.id, organizationId, name: s.id, warehouseId: s.warehouseId })),
      retailUnits: barcodes.map((barcode) => ({ organizationId, barcode, sku: `SKU-${barcode}`, name: barcode })),
      inventory: warehouses.flatMap((warehouseId) => barcodes.map((barcode, i) => ({ organizationId, warehouseId, barcode, onHand: i * 3 }))),
    });
  }, 60_000);

  it(`holds after ${STEPS} mixed operations (seed ${SEED})`, async () => {
    const next = random(SEED);
    const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)];
    const orders: string[] = [];
    const statuses: number[] = [];

    const step = async (): Promise<void> => {
      const roll = next();
      if (roll < 0.3 || orders.length === 0) {
        const store = pick(stores);
        const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({ barcode: pick(barcodes), quantity: 1 + Math.floor(next() * 5) }));
        orders.push((await placeSalesOrder(database.db, { organizationId, storeId: store.id }, lines)).fulfilmentOrderId);
        return;
      }
      const order = pick(orders);
      let res;
      if (roll < 0.45)
        res = await dispatch(gateway, organizationId, 'RECEIVE_STOCK', {
          warehouseId: pick(warehouses),
          barcode: pick(barcodes),
          quantity: 1 + Math.floor(next() * 10),
        });
      else if (roll < 0.7) res = await dispatch(gateway, organizationId, 'ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: order });
      else if (roll < 0.82) res = await dispatch(gateway, organizationId, 'SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: order });
      else if (roll < 0.91) res = await gateway.post(`/organizations/${organizationId}/fulfilment-orders/${order}/cancel`);
      else res = await gateway.post(`/organizations/${organizationId}/fulfilment-orders/${order}/withdraw`);
      statuses.push(res.status);
    };

    for (let done = 0; done < STEPS; done += CONCURRENCY) await Promise.all(Array.from({ length: CONCURRENCY }, step));

    // Refusals (409, FAILED) are expected along the way; a 5xx (a deadlock, say) is not.
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const states = await database.db.query<{ status: string; count: number }>(
      'SELECT status, count(*)::int AS count FROM fulfilment_orders WHERE organization_id = $1 GROUP BY status',
      [organizationId],
    );
    // The sequence reached every state a command or an HTTP call can lead to.
    expect(states.rows.map((r) => r.status).sort()).toEqual(['ALLOCATED', 'BACK_ORDERED', 'CANCELLED', 'OPEN', 'SHIPPED', 'WITHDRAWN']);

    const { rows: held } = await database.db.query<{ warehouse_id: string; barcode: string; allocated: number; pending: number }>(
      `SELECT o.warehouse_id, l.barcode,
              COALESCE(sum(l.quantity) FILTER (WHERE o.status IN ('ALLOCATED', 'PICKING')), 0)::bigint AS allocated,
              COALESCE(sum(l.quantity) FILTER (WHERE o.status IN ('OPEN', 'BACK_ORDERED')), 0)::bigint AS pending
         FROM fulfilment_orders o JOIN fulfilment_order_lines l ON l.fulfilment_order_id = o.id
        WHERE o.organization_id = $1 GROUP BY o.warehouse_id, l.barcode`,
      [organizationId],
    );
    const { rows: levels } = await database.db.query<{ warehouse_id: string; barcode: string; on_hand: number; allocated: number; pending_allocation: number }>(
      'SELECT warehouse_id, barcode, on_hand, allocated, pending_allocation FROM inventory_levels WHERE organization_id = $1 ORDER BY warehouse_id, barcode',
      [organizationId],
    );
    expect(levels).toHaveLength(warehouses.length * barcodes.length);
    for (const level of levels) {
      const stored = { onHand: level.on_hand, allocated: level.allocated, pendingAllocation: level.pending_allocation };
      const where = `${level.warehouse_id}/${level.barcode}`;
      expect([where, projectLevel(await levelPayloads(database.db, organizationId, level.warehouse_id, level.barcode))]).toEqual([where, stored]);
      expect([where, stored.onHand >= 0, stored.allocated >= 0, stored.pendingAllocation >= 0, stored.onHand - stored.allocated >= 0]).toEqual([
        where,
        true,
        true,
        true,
        true,
      ]);
      const sums = held.find((h) => h.warehouse_id === level.warehouse_id && h.barcode === level.barcode) ?? { allocated: 0, pending: 0 };
      expect([where, stored.allocated, stored.pendingAllocation]).toEqual([where, sums.allocated, sums.pending]);
    }
  }, 120_000);
});
