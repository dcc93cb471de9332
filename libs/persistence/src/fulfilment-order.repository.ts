// SQL of fulfilment orders and their lines.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export type FulfilmentOrderStatus = 'OPEN' | 'ALLOCATED' | 'BACK_ORDERED' | 'PICKING' | 'SHIPPED' | 'CANCELLED' | 'WITHDRAWN';

export interface NewFulfilmentOrder {
  id: string;
  organizationId: string;
  warehouseId: string;
  storeId: string | null;
  salesOrderId: string | null;
  status: FulfilmentOrderStatus;
  lines: { barcode: string; quantity: number }[];
}

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
}
