// The schema of every entity of the spec and of the fixture format, with its rules as constraints.
// Ids and barcodes sort bytewise (collation "C"), whatever the server's locale, so that "ordered by
// barcode" means the same everywhere and the primary keys serve those orders.
export const name = 'initial-schema';

export const sql = /* sql */ `
CREATE DOMAIN safe_integer AS bigint CHECK (VALUE BETWEEN -9007199254740991 AND 9007199254740991);
CREATE DOMAIN non_negative_safe_integer AS bigint CHECK (VALUE BETWEEN 0 AND 9007199254740991);
CREATE DOMAIN positive_safe_integer AS bigint CHECK (VALUE BETWEEN 1 AND 9007199254740991);
CREATE DOMAIN entity_id AS text COLLATE "C" CHECK (VALUE ~ '^[A-Za-z0-9._:-]{1,100}$');
CREATE DOMAIN barcode AS text COLLATE "C" CHECK (VALUE ~ '^[A-Za-z0-9._-]{1,100}$');
CREATE DOMAIN currency_code AS text CHECK (VALUE ~ '^[A-Z]{3}$');
CREATE DOMAIN release_channel AS text CHECK (VALUE IN ('STABLE', 'BETA', 'ALPHA'));

CREATE TABLE warehouses (
  id entity_id PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organizations (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  release_channel release_channel NOT NULL DEFAULT 'STABLE',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id entity_id PRIMARY KEY,
  email text CHECK (email IS NULL OR char_length(email) BETWEEN 3 AND 320),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  user_id entity_id NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('OWNER', 'MEMBER')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, organization_id)
);
CREATE INDEX memberships_organization_idx ON memberships (organization_id);

CREATE TABLE stores (
  id entity_id PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  warehouse_id entity_id NOT NULL REFERENCES warehouses (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, id)
);

CREATE TABLE connections (
  id entity_id PRIMARY KEY,
  organization_id uuid NOT NULL,
  store_id entity_id NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, store_id) REFERENCES stores (organization_id, id)
);
CREATE INDEX connections_store_idx ON connections (organization_id, store_id);

CREATE TABLE retail_units (
  organization_id uuid NOT NULL REFERENCES organizations (id),
  barcode barcode NOT NULL,
  sku text NOT NULL CHECK (char_length(sku) BETWEEN 1 AND 200),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 500),
  weight_gram non_negative_safe_integer,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, barcode)
);
CREATE INDEX retail_units_sku_idx ON retail_units (organization_id, sku);

CREATE TABLE inventory_levels (
  organization_id uuid NOT NULL,
  warehouse_id entity_id NOT NULL REFERENCES warehouses (id),
  barcode barcode NOT NULL,
  on_hand safe_integer NOT NULL DEFAULT 0,
  allocated non_negative_safe_integer NOT NULL DEFAULT 0,
  pending_allocation non_negative_safe_integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, warehouse_id, barcode),
  FOREIGN KEY (organization_id, barcode) REFERENCES retail_units (organization_id, barcode)
);
CREATE INDEX inventory_levels_barcode_idx ON inventory_levels (organization_id, barcode);

CREATE TABLE invoices (
  id entity_id PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  number text NOT NULL CHECK (char_length(number) BETWEEN 1 AND 100),
  status text NOT NULL CHECK (status IN ('FINALIZED', 'PAID', 'PAST_DUE', 'VOIDED', 'REFUNDED', 'UNCOLLECTIBLE')),
  subtotal_amount numeric NOT NULL,
  subtotal_currency currency_code NOT NULL,
  total_excluding_tax_amount numeric NOT NULL,
  total_excluding_tax_currency currency_code NOT NULL,
  due_date date,
  paid_at date,
  pdf_url text CHECK (pdf_url IS NULL OR char_length(pdf_url) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_organization_idx ON invoices (organization_id, number, id);

CREATE TABLE invoice_line_items (
  invoice_id entity_id NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  description text NOT NULL CHECK (char_length(description) <= 2000),
  tax_rate numeric NOT NULL,
  quantity numeric NOT NULL,
  unit_amount_excluding_tax numeric NOT NULL,
  unit_currency currency_code NOT NULL,
  PRIMARY KEY (invoice_id, position)
);

CREATE TABLE api_clients (
  client_id text PRIMARY KEY CHECK (client_id ~ '^[A-Za-z0-9._~-]{8,128}$'),
  secret_hash text NOT NULL,
  client_type text NOT NULL CHECK (client_type IN ('USER', 'ORGANIZATION', 'CONNECTOR', 'SERVICE')),
  auth_method text NOT NULL CHECK (auth_method IN ('client_secret_post', 'client_secret_basic')),
  audience text NOT NULL CHECK (audience IN ('public', 'internal')),
  name text CHECK (name IS NULL OR char_length(name) <= 200),
  user_id entity_id REFERENCES users (id),
  organization_id uuid REFERENCES organizations (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  CHECK ((client_type = 'USER') = (user_id IS NOT NULL)),
  CHECK ((client_type = 'ORGANIZATION') = (organization_id IS NOT NULL))
);

CREATE TABLE api_client_connections (
  client_id text NOT NULL REFERENCES api_clients (client_id) ON DELETE CASCADE,
  connection_id entity_id NOT NULL REFERENCES connections (id),
  PRIMARY KEY (client_id, connection_id)
);

CREATE TABLE signing_keys (
  kid text PRIMARY KEY CHECK (char_length(kid) BETWEEN 1 AND 100),
  algorithm text NOT NULL CHECK (algorithm IN ('RS256')),
  public_jwk jsonb NOT NULL,
  private_key_ciphertext text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The newest active key signs; a rotated-out key stays published until its tokens have expired.
  retired_at timestamptz,
  publish_until timestamptz
);

CREATE TABLE sales_orders (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL,
  store_id entity_id NOT NULL,
  order_reference text NOT NULL CHECK (char_length(order_reference) >= 1),
  status text NOT NULL CHECK (status IN ('RECEIVED', 'CANCELLED')),
  placed_at timestamptz,
  note text,
  customer jsonb NOT NULL,
  created_by_client_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, store_id) REFERENCES stores (organization_id, id)
);
CREATE INDEX sales_orders_store_idx ON sales_orders (organization_id, store_id, created_at);

CREATE TABLE sales_order_lines (
  sales_order_id uuid NOT NULL REFERENCES sales_orders (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  barcode barcode NOT NULL,
  sku text NOT NULL CHECK (char_length(sku) >= 1),
  quantity positive_safe_integer NOT NULL,
  attributes jsonb NOT NULL,
  PRIMARY KEY (sales_order_id, position)
);

CREATE TABLE idempotency_records (
  client_id text NOT NULL,
  idempotency_key text NOT NULL CHECK (idempotency_key ~ '^[\\x21-\\x7E]{1,255}$'),
  request_fingerprint text NOT NULL,
  state text NOT NULL CHECK (state IN ('IN_FLIGHT', 'COMPLETED')),
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  PRIMARY KEY (client_id, idempotency_key),
  CHECK ((state = 'COMPLETED') = (response_status IS NOT NULL))
);
CREATE INDEX idempotency_records_created_idx ON idempotency_records (created_at);

CREATE TABLE fulfilment_orders (
  id entity_id PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  warehouse_id entity_id NOT NULL REFERENCES warehouses (id),
  store_id entity_id,
  sales_order_id uuid REFERENCES sales_orders (id),
  status text NOT NULL CHECK (status IN ('OPEN', 'ALLOCATED', 'BACK_ORDERED', 'PICKING', 'SHIPPED', 'CANCELLED', 'WITHDRAWN')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, store_id) REFERENCES stores (organization_id, id)
);
CREATE INDEX fulfilment_orders_organization_idx ON fulfilment_orders (organization_id, status);

CREATE TABLE fulfilment_order_lines (
  fulfilment_order_id entity_id NOT NULL REFERENCES fulfilment_orders (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 0),
  organization_id uuid NOT NULL,
  barcode barcode NOT NULL,
  quantity positive_safe_integer NOT NULL,
  PRIMARY KEY (fulfilment_order_id, position),
  FOREIGN KEY (organization_id, barcode) REFERENCES retail_units (organization_id, barcode)
);
CREATE INDEX fulfilment_order_lines_barcode_idx ON fulfilment_order_lines (organization_id, barcode);

-- Append-only: every change of inventory, fulfilment orders, sales orders, retail units,
-- release channels and sync settings, written in the transaction of the change.
CREATE TABLE domain_events (
  sequence bigserial PRIMARY KEY,
  id uuid NOT NULL UNIQUE,
  organization_id uuid NOT NULL,
  type text NOT NULL CHECK (char_length(type) BETWEEN 1 AND 100),
  aggregate_type text NOT NULL,
  aggregate_id text NOT NULL,
  warehouse_id entity_id,
  barcode barcode,
  payload jsonb NOT NULL,
  initiator text,
  occurred_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX domain_events_barcode_idx ON domain_events (organization_id, barcode, sequence DESC);
CREATE INDEX domain_events_level_idx ON domain_events (organization_id, warehouse_id, barcode, sequence);

CREATE TABLE release_channel_features (
  name text PRIMARY KEY CHECK (char_length(name) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (char_length(description) <= 2000),
  release_channel release_channel NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE inventory_sync_settings (
  organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  mode text NOT NULL DEFAULT 'DEFAULT' CHECK (mode IN ('DEFAULT', 'BARCODE_OVERRIDES')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE inventory_sync_overrides (
  organization_id uuid NOT NULL,
  barcode barcode NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, barcode),
  FOREIGN KEY (organization_id, barcode) REFERENCES retail_units (organization_id, barcode)
);

CREATE TABLE inventory_clarifications (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  initiator text NOT NULL CHECK (char_length(initiator) BETWEEN 1 AND 200),
  barcodes text[] NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  result jsonb
);

-- Shared counters of rate-limiter-flexible, so that limits hold across replicas.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
`;
