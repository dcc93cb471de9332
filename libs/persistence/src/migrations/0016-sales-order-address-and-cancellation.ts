// Where a sales order goes and why it was called back (contract 6.7): the shipping address as sent
// (jsonb, null when the order has none), the reason an integrator gave when it cancelled the order, and
// the time of the order's own last change (an address replaced, a cancellation), which the record's
// updatedAt takes into account beside its fulfilment order's.
export const name = 'sales-order-address-and-cancellation';

export const sql = /* sql */ `
ALTER TABLE sales_orders
  ADD COLUMN shipping_address jsonb CHECK (shipping_address IS NULL OR jsonb_typeof(shipping_address) = 'object'),
  ADD COLUMN cancellation_reason text CHECK (cancellation_reason IS NULL OR char_length(cancellation_reason) BETWEEN 1 AND 500),
  ADD COLUMN updated_at timestamptz;
`;
