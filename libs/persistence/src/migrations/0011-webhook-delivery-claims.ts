// Delivery workers claim attempts straight from webhook_delivery_attempts (contract 6.3 and 7).
// - The lease index: the deliveries in flight (a PENDING attempt whose claimed_until is set) per endpoint,
//   counted at every claim for the per-endpoint and per-organization limits without reading an
//   endpoint's backlog of attempts waiting.
// - A PENDING attempt is due at next_attempt_at: a producer that leaves it out gets now() (due at once),
//   and none can write a PENDING attempt that no claim would ever find.
export const name = 'webhook-delivery-claims';

export const sql = /* sql */ `
CREATE INDEX webhook_delivery_attempts_lease_idx ON webhook_delivery_attempts (endpoint_id, claimed_until)
  WHERE status = 'PENDING' AND claimed_until IS NOT NULL;
ALTER TABLE webhook_delivery_attempts
  ALTER COLUMN next_attempt_at SET DEFAULT now(),
  ADD CONSTRAINT webhook_delivery_attempts_pending_due_check CHECK (status <> 'PENDING' OR next_attempt_at IS NOT NULL);
`;
