// Shipments (contract 6.7): each ship command records one parcel of a fulfilment order, with the
// quantities it took per barcode, its carrier and tracking, and where it stands. A fulfilment order that
// has shipped part of its lines is PARTIALLY_SHIPPED and still holds `allocated` for the rest. A shipment
// is DELIVERED exactly when it has a delivery time.
export const name = 'shipments';

export const sql = /* sql */ `
ALTER TABLE fulfilment_orders DROP CONSTRAINT fulfilment_orders_status_check;
ALTER TABLE fulfilment_orders ADD CONSTRAINT fulfilment_orders_status_check
  CHECK (status IN ('OPEN', 'ALLOCATED', 'BACK_ORDERED', 'PICKING', 'PARTIALLY_SHIPPED', 'SHIPPED', 'CANCELLED', 'WITHDRAWN'));

CREATE TABLE shipments (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  fulfilment_order_id entity_id NOT NULL REFERENCES fulfilment_orders (id) ON DELETE CASCADE,
  -- Oldest first within the order: 0, 1, 2...
  position integer NOT NULL CHECK (position >= 0),
  status text NOT NULL CHECK (status IN ('SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION', 'RETURNED')),
  carrier text CHECK (char_length(carrier) BETWEEN 1 AND 100),
  service text CHECK (char_length(service) BETWEEN 1 AND 100),
  tracking_number text CHECK (char_length(tracking_number) BETWEEN 1 AND 100),
  tracking_url text CHECK (char_length(tracking_url) <= 2000 AND tracking_url LIKE 'https://_%'),
  shipped_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (fulfilment_order_id, position),
  CHECK ((status = 'DELIVERED') = (delivered_at IS NOT NULL))
);

CREATE TABLE shipment_lines (
  shipment_id uuid NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  organization_id uuid NOT NULL,
  barcode barcode NOT NULL,
  sku text NOT NULL CHECK (char_length(sku) >= 1),
  quantity positive_safe_integer NOT NULL,
  PRIMARY KEY (shipment_id, position),
  UNIQUE (shipment_id, barcode),
  FOREIGN KEY (organization_id, barcode) REFERENCES retail_units (organization_id, barcode)
);
`;
