// Bounded recover and test (contract 7).
// - webhook_recoveries: the recover outstanding of each endpoint, at most one (the primary key): what it covers
//   (`since`, up to `through_sequence`) and how far its batches got (`after_sequence`). Recover workers take
//   batches straight from this table, round-robin over organizations (webhook_recovery_turns: when each
//   organization last had a batch), so that one organization's recoveries never hold up another's. The row
//   goes with the last batch, with its endpoint, and when the endpoint is disabled.
// - Test events: an index to count an endpoint's test deliveries of the last minute (at most 10), and one
//   to prune test events with the deliveries (their retention, not the events feed's 30 days).
export const name = 'webhook-operation-bounds';

export const sql = /* sql */ `
CREATE TABLE webhook_recoveries (
  endpoint_id uuid PRIMARY KEY,
  organization_id uuid NOT NULL,
  since timestamptz NOT NULL,
  after_sequence bigint,
  through_sequence bigint NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  -- When this recover last had a batch (null: never); a batch that failed counts, so that it waits its turn.
  turn_at timestamptz,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  -- After a failed batch, the next waits until then.
  not_before timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, endpoint_id) REFERENCES webhook_endpoints (organization_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_recoveries_organization_idx ON webhook_recoveries (organization_id);

CREATE TABLE webhook_recovery_turns (
  organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  served_at timestamptz NOT NULL
);

CREATE INDEX webhook_deliveries_test_idx ON webhook_deliveries (endpoint_id, created_at) WHERE event_type = 'webhook.test';
CREATE INDEX webhook_events_test_idx ON webhook_events (created_at) WHERE event_type = 'webhook.test';
`;
