// Fair fan-out (contract 7): the dispatcher no longer walks one cursor through every organization's events
// in commit order. Every event appended is queued for fan-out by its organization, in the transaction that
// appends it (a statement trigger on domain_events, so that every writer, the importer included, queues
// what it writes); the dispatcher takes each organization's queue in turn and deletes what it fanned out in
// the transaction that stores the payloads and writes the deliveries. An event that commits late is queued
// when it commits; a long transaction holds back only its own events.
// The events after the old cursor (not fanned out yet) are queued here; the cursor and the commit-order
// index that only it read go. (Migrations wait for the transactions writing events: creating the trigger
// takes a lock that conflicts with theirs.)
export const name = 'webhook-fanout-queue';

export const sql = /* sql */ `
CREATE TABLE webhook_fanout_queue (
  organization_id uuid NOT NULL,
  sequence bigint NOT NULL,
  PRIMARY KEY (organization_id, sequence)
);

CREATE FUNCTION queue_webhook_fanout() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_fanout_queue (organization_id, sequence) SELECT organization_id, sequence FROM appended;
  RETURN NULL;
END;
$$;
CREATE TRIGGER domain_events_webhook_fanout AFTER INSERT ON domain_events
  REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION queue_webhook_fanout();

INSERT INTO webhook_fanout_queue (organization_id, sequence)
SELECT e.organization_id, e.sequence FROM domain_events e, webhook_dispatch_cursor c WHERE (e.xid, e.sequence) > (c.xid, c.sequence);

DROP TABLE webhook_dispatch_cursor;
DROP INDEX domain_events_commit_order_idx;
`;
