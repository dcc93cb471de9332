// Reading the event log in commit order (docs/decisions.md, "Events in commit order"): each event records
// the id of the transaction that wrote it, and readers take only events whose transaction is below the
// oldest one still running (pg_snapshot_xmin), ordered by (xid, sequence). Everything below that horizon
// has committed or rolled back, so an event that becomes visible later always sorts after every event a
// reader saw before. Events written before this migration all carry its transaction's id (their order
// among themselves stays by sequence).
export const name = 'domain-event-commit-order';

export const sql = /* sql */ `
ALTER TABLE domain_events ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
DROP INDEX domain_events_barcode_idx;
CREATE INDEX domain_events_barcode_idx ON domain_events (organization_id, barcode, xid DESC, sequence DESC);
`;
