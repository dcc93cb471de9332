// Inbound shipments (contract 6.9): stock a merchant announces to a warehouse, received there in one or
// more parts. A line is what was announced of a barcode (expected_quantity, 0 for a barcode the warehouse
// counted without its being announced) and what has been received of it so far. AWAITING until a first
// receipt, RECEIVING after it, COMPLETED when everything arrived or the warehouse closed it; CANCELLED only
// from AWAITING.
export const name = 'inbound-shipments';

export const sql = /* sql */ `
CREATE TABLE inbound_shipments (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  warehouse_id entity_id NOT NULL REFERENCES warehouses (id),
  reference text NOT NULL CHECK (char_length(reference) BETWEEN 1 AND 200),
  status text NOT NULL CHECK (status IN ('AWAITING', 'RECEIVING', 'COMPLETED', 'CANCELLED')),
  expected_arrival_date date NOT NULL,
  carrier text CHECK (char_length(carrier) BETWEEN 1 AND 100),
  tracking_number text CHECK (char_length(tracking_number) BETWEEN 1 AND 100),
  tracking_url text CHECK (char_length(tracking_url) <= 2000 AND tracking_url LIKE 'https://_%'),
  created_by_client_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  cancelled_at timestamptz,
  CHECK ((status = 'COMPLETED') = (completed_at IS NOT NULL)),
  CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
);
CREATE INDEX inbound_shipments_organization_updated_idx ON inbound_shipments (organization_id, updated_at, id);
CREATE INDEX inbound_shipments_warehouse_expected_idx ON inbound_shipments (warehouse_id, expected_arrival_date, id);

CREATE TABLE inbound_shipment_lines (
  inbound_shipment_id uuid NOT NULL REFERENCES inbound_shipments (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  organization_id uuid NOT NULL,
  barcode barcode NOT NULL,
  expected_quantity non_negative_safe_integer NOT NULL,
  received_quantity non_negative_safe_integer NOT NULL DEFAULT 0,
  PRIMARY KEY (inbound_shipment_id, position),
  UNIQUE (inbound_shipment_id, barcode),
  FOREIGN KEY (organization_id, barcode) REFERENCES retail_units (organization_id, barcode)
);
-- An archival asks whether an open inbound shipment names the unit.
CREATE INDEX inbound_shipment_lines_unit_idx ON inbound_shipment_lines (organization_id, barcode);
`;
