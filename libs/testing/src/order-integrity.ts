// Whether every sales order of an organization is whole: all its lines, its fulfilment order with
// lines, its creation event, and the pendingAllocation its lines raised. A crash or an outage must
// never leave less.
import { Queryable } from '@gateway/persistence';

export interface OrderIntegrity {
  /** Orders, by their orderReference. */
  orders: Map<string, string[]>;
  /** Orders missing a part: "id: what is missing". */
  partial: string[];
}

export async function orderIntegrity(db: Queryable, organizationId: string): Promise<OrderIntegrity> {
  const { rows } = await db.query<{
    id: string;
    reference: string;
    lines: number;
    fo_lines: number;
    line_quantity: number;
    fo_quantity: number;
    events: number;
  }>(
    `SELECT so.id, so.order_reference AS reference,
            (SELECT count(*)::int FROM sales_order_lines l WHERE l.sales_order_id = so.id) AS lines,
            (SELECT coalesce(sum(l.quantity), 0)::bigint FROM sales_order_lines l WHERE l.sales_order_id = so.id) AS line_quantity,
            (SELECT count(*)::int FROM fulfilment_orders fo JOIN fulfilment_order_lines fl ON fl.fulfilment_order_id = fo.id WHERE fo.sales_order_id = so.id) AS fo_lines,
            (SELECT coalesce(sum(fl.quantity), 0)::bigint FROM fulfilment_orders fo JOIN fulfilment_order_lines fl ON fl.fulfilment_order_id = fo.id WHERE fo.sales_order_id = so.id) AS fo_quantity,
            (SELECT count(*)::int FROM domain_events e WHERE e.aggregate_id = so.id::text) AS events
       FROM sales_orders so WHERE so.organization_id = $1`,
    [organizationId],
  );
  const orders = new Map<string, string[]>();
  const partial: string[] = [];
  for (const row of rows) {
    orders.set(row.reference, [...(orders.get(row.reference) ?? []), row.id]);
    if (row.lines === 0) partial.push(`${row.id}: no lines`);
    if (row.fo_lines === 0 || row.fo_quantity !== row.line_quantity)
      partial.push(`${row.id}: fulfilment order lines ${row.fo_quantity} of ${row.line_quantity}`);
    if (row.events === 0) partial.push(`${row.id}: no creation event`);
  }
  return { orders, partial };
}
