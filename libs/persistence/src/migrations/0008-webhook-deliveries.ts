// Webhook delivery (contract 6.3). The dispatcher walks the event log in commit order from a cursor kept
// here (one row, locked by whichever replica fans out), and writes one delivery per event and matching
// endpoint, with its attempts. Deleting an endpoint deletes its deliveries, which stops their retries.
export const name = 'webhook-deliveries';

export const sql = /* sql */ `
CREATE INDEX domain_events_commit_order_idx ON domain_events (xid, sequence);

CREATE TABLE webhook_dispatch_cursor (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  xid xid8 NOT NULL,
  sequence bigint NOT NULL
);
-- Webhooks start with the log as it is: events written before this migration were never meant for them.
INSERT INTO webhook_dispatch_cursor (xid, sequence)
SELECT COALESCE((SELECT xid FROM domain_events ORDER BY xid DESC, sequence DESC LIMIT 1), '0'::xid8),
       COALESCE((SELECT sequence FROM domain_events ORDER BY xid DESC, sequence DESC LIMIT 1), 0);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  webhook_id text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, webhook_id)
);

CREATE TABLE webhook_delivery_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  attempt integer NOT NULL CHECK (attempt >= 1),
  status text NOT NULL CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
  response_status integer,
  attempted_at timestamptz,
  next_attempt_at timestamptz,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (delivery_id, attempt)
);
CREATE INDEX webhook_delivery_attempts_endpoint_idx ON webhook_delivery_attempts (endpoint_id, recorded_at DESC, attempt DESC);
CREATE INDEX webhook_delivery_attempts_pending_idx ON webhook_delivery_attempts (status) WHERE status = 'PENDING';
`;
