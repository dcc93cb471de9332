// SQL of the stored webhook events (webhook_events): each event's payload, kept once per organization
// when it is fanned out, read by the events feed and by recover, and pruned after its retention.
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';

/** The test event is stored for its delivery, never listed nor recovered. */
const TEST_EVENT_TYPE = 'webhook.test';

/** Which stored events of one organization a read takes, in the order they were stored. */
export interface WebhookEventFilter {
  organizationId: string;
  /** These types only; null: every type. */
  types: string[] | null;
  /** Events that occurred at or after this instant; null: any. */
  since: string | null;
  /** Events stored after this sequence; null: from the first. */
  afterSequence: string | null;
  /** Events stored up to this sequence; null: up to the last. */
  throughSequence: string | null;
  /**
   * A connector's connections: only the events of their stores (an inventory change: of their stores'
   * warehouses), as a connector's endpoint receives; null: the whole organization.
   */
  connectionIds: string[] | null;
}

export interface StoredWebhookEvent {
  sequence: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  /** The payload as delivered: `{ type, timestamp, environment, data }` (stored before environments existed: no environment). */
  body: string;
}

@Injectable()
export class WebhookEventRepository {
  /** Up to `limit` events that pass the filter, oldest stored first. */
  async page(q: Queryable, filter: WebhookEventFilter, limit: number): Promise<StoredWebhookEvent[]> {
    const { rows } = await q.query<{ sequence: string; webhook_id: string; event_id: string; event_type: string; body: string }>(
      `SELECT e.sequence::text AS sequence, e.webhook_id, e.event_id, e.event_type, e.body
         FROM webhook_events e
        WHERE e.organization_id = $1
          AND e.event_type <> '${TEST_EVENT_TYPE}'
          AND ($2::text[] IS NULL OR e.event_type = ANY ($2::text[]))
          AND ($3::timestamptz IS NULL OR e.occurred_at >= $3::timestamptz)
          AND ($4::bigint IS NULL OR e.sequence > $4::bigint)
          AND ($5::bigint IS NULL OR e.sequence <= $5::bigint)
          AND ($6::text[] IS NULL OR CASE WHEN e.event_type = 'inventory_level.changed'
                THEN e.warehouse_id IN (SELECT s.warehouse_id FROM connections c JOIN stores s ON s.organization_id = c.organization_id AND s.id = c.store_id
                                         WHERE c.organization_id = e.organization_id AND c.id = ANY ($6::text[]))
                ELSE e.store_id IN (SELECT c.store_id FROM connections c WHERE c.organization_id = e.organization_id AND c.id = ANY ($6::text[])) END)
        ORDER BY e.sequence
        LIMIT $7`,
      [filter.organizationId, filter.types, filter.since, filter.afterSequence, filter.throughSequence, filter.connectionIds, limit],
    );
    return rows.map((r) => ({ sequence: r.sequence, webhookId: r.webhook_id, eventId: r.event_id, eventType: r.event_type, body: r.body }));
  }

  /** The sequence of the organization's last stored event; null when it has none. */
  async lastSequence(q: Queryable, organizationId: string): Promise<string | null> {
    const { rows } = await q.query<{ sequence: string | null }>('SELECT max(sequence)::text AS sequence FROM webhook_events WHERE organization_id = $1', [
      organizationId,
    ]);
    return rows[0].sequence;
  }

  /**
   * Deletes up to `limit` events stored more than `days` ago, oldest first, with the deliveries that carried
   * them (and their attempts). Answers how many.
   */
  async prune(tx: Queryable, days: number, limit: number): Promise<number> {
    const { rowCount } = await tx.query(
      `DELETE FROM webhook_events WHERE sequence IN (
         SELECT sequence FROM webhook_events WHERE created_at < now() - make_interval(days => $1::int) ORDER BY created_at LIMIT $2)`,
      [days, limit],
    );
    return rowCount ?? 0;
  }

  /**
   * Deletes up to `limit` test events stored more than `days` ago (the delivery retention) that no delivery
   * carries any more: a test event is kept no longer than its delivery's attempts. Answers how many.
   */
  async pruneTestEvents(tx: Queryable, days: number, limit: number): Promise<number> {
    const { rowCount } = await tx.query(
      `DELETE FROM webhook_events WHERE sequence IN (
         SELECT e.sequence FROM webhook_events e
          WHERE e.event_type = '${TEST_EVENT_TYPE}' AND e.created_at < now() - make_interval(days => $1::int)
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.organization_id = e.organization_id AND d.webhook_id = e.webhook_id)
          ORDER BY e.created_at LIMIT $2)`,
      [days, limit],
    );
    return rowCount ?? 0;
  }
}
