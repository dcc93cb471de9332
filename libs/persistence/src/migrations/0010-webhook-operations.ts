// Webhook operations and fair, batched delivery (contract 6.5 and 7).
// - Endpoints: enabled/disabled_reason (a disabled endpoint is sent nothing), the previous secret kept
//   until the overlap of a rotation ends (deliveries carry both signatures meanwhile), and failing_since
//   (the first failure since the last success: an endpoint failing longer than the configured window is
//   disabled as FAILING).
// - webhook_events: each webhook event's payload, stored once when the event is fanned out, for its
//   organization, whether or not it has endpoints; the events feed and recover serve it, deliveries
//   reference it. store_id/warehouse_id say where the resource lives (a connector's scope).
// - Attempts are claimed by delivery workers straight from their table (claimed_until is the lease of
//   the worker that claimed one): producers (the dispatcher, test, recover) only insert PENDING rows.
//   A delivery made again (recover) gets a new attempt that starts the retry schedule over.
export const name = 'webhook-operations';

export const sql = /* sql */ `
ALTER TABLE webhook_endpoints
  ADD COLUMN enabled boolean NOT NULL DEFAULT true,
  ADD COLUMN disabled_reason text CHECK (disabled_reason IN ('MANUAL', 'FAILING', 'CLIENT_REVOKED')),
  ADD COLUMN previous_secret_ciphertext text,
  ADD COLUMN previous_secret_expires_at timestamptz,
  ADD COLUMN failing_since timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT webhook_endpoints_enabled_reason_check CHECK (enabled = (disabled_reason IS NULL)),
  ADD CONSTRAINT webhook_endpoints_previous_secret_check CHECK ((previous_secret_ciphertext IS NULL) = (previous_secret_expires_at IS NULL));
CREATE INDEX webhook_endpoints_created_by_idx ON webhook_endpoints (created_by_client_id) WHERE connector_connection_ids IS NOT NULL;

CREATE TABLE webhook_events (
  sequence bigserial PRIMARY KEY,
  webhook_id text NOT NULL UNIQUE,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  occurred_at timestamptz NOT NULL,
  store_id entity_id,
  warehouse_id entity_id,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_organization_idx ON webhook_events (organization_id, sequence);
CREATE INDEX webhook_events_created_idx ON webhook_events (created_at);

-- Payloads of deliveries already written move to webhook_events; a delivery names its event by webhook_id.
INSERT INTO webhook_events (webhook_id, organization_id, event_id, event_type, occurred_at, body)
SELECT DISTINCT ON (d.webhook_id) d.webhook_id, e.organization_id, d.event_id, d.event_type, (d.body::jsonb ->> 'timestamp')::timestamptz, d.body
  FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
 ORDER BY d.webhook_id, d.created_at;

-- A delivery carries its organization, and both foreign keys include it: the schema itself refuses a
-- delivery of one organization's event to another organization's endpoint.
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_organization_id_key UNIQUE (organization_id, id);
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_organization_webhook_key UNIQUE (organization_id, webhook_id);
ALTER TABLE webhook_deliveries ADD COLUMN organization_id uuid;
UPDATE webhook_deliveries d SET organization_id = e.organization_id FROM webhook_endpoints e WHERE e.id = d.endpoint_id;
ALTER TABLE webhook_deliveries
  ALTER COLUMN organization_id SET NOT NULL,
  DROP COLUMN body,
  DROP CONSTRAINT webhook_deliveries_endpoint_id_fkey,
  ADD CONSTRAINT webhook_deliveries_endpoint_fk FOREIGN KEY (organization_id, endpoint_id) REFERENCES webhook_endpoints (organization_id, id) ON DELETE CASCADE,
  ADD CONSTRAINT webhook_deliveries_event_fk FOREIGN KEY (organization_id, webhook_id) REFERENCES webhook_events (organization_id, webhook_id) ON DELETE CASCADE;
-- The cascade from a pruned payload finds its deliveries by this index.
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (organization_id, webhook_id);

-- schedule_step: the attempt's place in the retry schedule (0 for a first attempt, whether made by the
-- dispatcher, a test or a recover; a retry is one more than the attempt it follows).
ALTER TABLE webhook_delivery_attempts
  ADD COLUMN claimed_until timestamptz,
  ADD COLUMN schedule_step integer NOT NULL DEFAULT 0 CHECK (schedule_step >= 0);
UPDATE webhook_delivery_attempts SET schedule_step = attempt - 1;
DROP INDEX webhook_delivery_attempts_pending_idx;
CREATE INDEX webhook_delivery_attempts_due_idx ON webhook_delivery_attempts (endpoint_id, next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_delivery_attempts_recorded_idx ON webhook_delivery_attempts (recorded_at) WHERE status <> 'PENDING';
`;
