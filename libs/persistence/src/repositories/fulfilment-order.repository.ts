// SQL of fulfilment orders and their lines.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export type FulfilmentOrderStatus = 'OPEN' | 'ALLOCATED' | 'BACK_ORDERED' | 'PICKING' | 'PARTIALLY_SHIPPED' | 'SHIPPED' | 'CANCELLED' | 'WITHDRAWN';

export interface FulfilmentOrderLine {
  position: number;
  barcode: string;
  quantity: number;
}

export interface FulfilmentOrderRow {
  id: string;
  organizationId: string;
  warehouseId: string;
  storeId: string | null;
  salesOrderId: string | null;
  status: FulfilmentOrderStatus;
  lines: FulfilmentOrderLine[];
}

/** An order to insert: its lines get their positions in the order given. */
export interface NewFulfilmentOrder extends Omit<FulfilmentOrderRow, 'lines'> {
  lines: Omit<FulfilmentOrderLine, 'position'>[];
}

/** The states in which an order is still to be fulfilled (not SHIPPED, CANCELLED or WITHDRAWN). */
export const NON_TERMINAL_FULFILMENT_STATUSES: FulfilmentOrderStatus[] = ['OPEN', 'ALLOCATED', 'BACK_ORDERED', 'PICKING', 'PARTIALLY_SHIPPED'];

@Injectable()
export class FulfilmentOrderRepository {
  async insert(tx: Queryable, order: NewFulfilmentOrder): Promise<void> {
    await tx.query(
      `INSERT INTO fulfilment_orders (id, organization_id, warehouse_id, store_id, sales_order_id, status)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [order.id, order.organizationId, order.warehouseId, order.storeId, order.salesOrderId, order.status],
    );
    await tx.query(
      `INSERT INTO fulfilment_order_lines (fulfilment_order_id, position, organization_id, barcode, quantity)
       SELECT $1, l.position, $2, l.barcode, l.quantity FROM unnest($3::int[], $4::text[], $5::bigint[]) AS l(position, barcode, quantity)`,
      [order.id, order.organizationId, order.lines.map((_, i) => i), order.lines.map((l) => l.barcode), order.lines.map((l) => l.quantity)],
    );
  }

  /** The order with its lines, in position order; FOR UPDATE when `lock` (the transitions of one order are serialized). */
  async find(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<FulfilmentOrderRow | undefined> {
    const { rows } = await q.query<{
      id: string;
      organization_id: string;
      warehouse_id: string;
      store_id: string | null;
      sales_order_id: string | null;
      status: FulfilmentOrderStatus;
    }>(
      `SELECT id, organization_id, warehouse_id, store_id, sales_order_id, status FROM fulfilment_orders WHERE id = $1::text${options.lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    const order = rows[0];
    if (!order) return undefined;
    const { rows: lines } = await q.query<FulfilmentOrderLine>(
      'SELECT position, barcode, quantity FROM fulfilment_order_lines WHERE fulfilment_order_id = $1::text ORDER BY position',
      [id],
    );
    return {
      id: order.id,
      organizationId: order.organization_id,
      warehouseId: order.warehouse_id,
      storeId: order.store_id,
      salesOrderId: order.sales_order_id,
      status: order.status,
      lines: lines.map((l) => ({ position: l.position, barcode: l.barcode, quantity: l.quantity })),
    };
  }

  async updateStatus(tx: Queryable, id: string, status: FulfilmentOrderStatus): Promise<void> {
    await tx.query('UPDATE fulfilment_orders SET status = $2, updated_at = now() WHERE id = $1::text', [id, status]);
  }

  /** Marks the order changed (a shipment of it changed), so that its sales order's updatedAt moves. */
  async touch(tx: Queryable, id: string): Promise<void> {
    await tx.query('UPDATE fulfilment_orders SET updated_at = now() WHERE id = $1::text', [id]);
  }

  /** How many orders still to be fulfilled have a line of the barcode. */
  async countNonTerminalWithBarcode(q: Queryable, organizationId: string, barcode: string): Promise<number> {
    const { rows } = await q.query<{ count: number }>(
      `SELECT count(DISTINCT o.id)::int AS count FROM fulfilment_order_lines l
         JOIN fulfilment_orders o ON o.id = l.fulfilment_order_id
        WHERE l.organization_id = $1 AND l.barcode = $2::text AND o.status = ANY($3::text[])`,
      [organizationId, barcode, NON_TERMINAL_FULFILMENT_STATUSES],
    );
    return rows[0].count;
  }
}
