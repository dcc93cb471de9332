// Webhook endpoints (contract 6.3): an organization's, or a connector's own (created_by_client_id with
// connector_connection_ids). The secret is stored only encrypted under KEY_ENCRYPTION_KEY.
export const name = 'webhook-endpoints';

export const sql = /* sql */ `
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
  event_types text[] NOT NULL CHECK (cardinality(event_types) >= 1),
  description text CHECK (char_length(description) <= 500),
  secret_ciphertext text NOT NULL,
  created_by_client_id text NOT NULL,
  connector_connection_ids text[],
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id, created_at, id);
`;
