// Returns (contract 6.8): a customer's parcel coming back to the warehouse of the order's fulfilment order,
// announced by the shop (what comes back, why, what may be sold again) and processed by the warehouse (what
// arrived, what went back on the shelf). A return is AWAITING_ARRIVAL, ARRIVED, COMPLETED or CANCELLED;
// each time column is set exactly in the states past it.
export const name = 'returns';

export const sql = /* sql */ `
CREATE TABLE returns (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  sales_order_id uuid NOT NULL REFERENCES sales_orders (id),
  fulfilment_order_id entity_id NOT NULL REFERENCES fulfilment_orders (id),
  store_id entity_id NOT NULL,
  warehouse_id entity_id NOT NULL REFERENCES warehouses (id),
  reference text CHECK (char_length(reference) BETWEEN 1 AND 100),
  reason text NOT NULL CHECK (reason IN ('DAMAGED', 'WRONG_ITEM', 'NOT_AS_DESCRIBED', 'NO_LONGER_NEEDED', 'OTHER')),
  note text CHECK (char_length(note) BETWEEN 1 AND 500),
  status text NOT NULL CHECK (status IN ('AWAITING_ARRIVAL', 'ARRIVED', 'COMPLETED', 'CANCELLED')),
  carrier text CHECK (char_length(carrier) BETWEEN 1 AND 100),
  tracking_number text CHECK (char_length(tracking_number) BETWEEN 1 AND 100),
  tracking_url text CHECK (char_length(tracking_url) <= 2000 AND tracking_url LIKE 'https://_%'),
  created_by_client_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  arrived_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  FOREIGN KEY (organization_id, store_id) REFERENCES stores (organization_id, id),
  CHECK ((arrived_at IS NOT NULL) = (status IN ('ARRIVED', 'COMPLETED'))),
  CHECK ((completed_at IS NOT NULL) = (status = 'COMPLETED')),
  CHECK ((cancelled_at IS NOT NULL) = (status = 'CANCELLED'))
);
CREATE INDEX returns_sales_order_idx ON returns (sales_order_id, created_at, id);
CREATE INDEX returns_organization_newest_idx ON returns (organization_id, created_at DESC, id DESC);

CREATE TABLE return_lines (
  return_id uuid NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  organization_id uuid NOT NULL,
  barcode barcode NOT NULL,
  sku text NOT NULL CHECK (char_length(sku) >= 1),
  quantity positive_safe_integer NOT NULL,
  action text NOT NULL CHECK (action IN ('RESTOCK', 'DISPOSE')),
  received_quantity non_negative_safe_integer CHECK (received_quantity <= quantity),
  restocked_quantity non_negative_safe_integer CHECK (restocked_quantity <= received_quantity),
  PRIMARY KEY (return_id, position),
  UNIQUE (return_id, barcode),
  FOREIGN KEY (organization_id, barcode) REFERENCES retail_units (organization_id, barcode),
  CHECK ((received_quantity IS NULL) = (restocked_quantity IS NULL)),
  CHECK (action = 'RESTOCK' OR restocked_quantity IS NULL OR restocked_quantity = 0)
);
CREATE INDEX return_lines_barcode_idx ON return_lines (organization_id, barcode);
`;
