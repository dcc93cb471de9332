// The sales-order list of a store, newest first (contract 6.2): keyset pages on (created_at, id) in
// descending order, with or without an orderReference filter, each served by an index walked in its
// own order, so a page at 1,000,000 orders in one store reads limit + 1 rows and sorts nothing. Each order
// finds its fulfilment order by sales_order_id.
export const name = 'sales-order-list-indexes';

export const sql = /* sql */ `
DROP INDEX sales_orders_store_idx;
CREATE INDEX sales_orders_store_newest_idx ON sales_orders (organization_id, store_id, created_at DESC, id DESC);
CREATE INDEX sales_orders_reference_newest_idx ON sales_orders (organization_id, store_id, order_reference, created_at DESC, id DESC);
CREATE INDEX fulfilment_orders_sales_order_idx ON fulfilment_orders (sales_order_id);
`;
