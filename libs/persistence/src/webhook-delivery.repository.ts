// SQL of webhook delivery: the dispatcher's cursor in the event log, deliveries and their attempts.
import { Injectable } from '@nestjs/common';
import { ADVISORY_LOCKS } from './advisory-locks';
import { Queryable } from './database';

export interface DispatchCursor {
  xid: string;
  sequence: number;
}

/** An endpoint as the dispatcher matches events against it. */
export interface DispatchEndpoint {
  id: string;
  organizationId: string;
  eventTypes: string[];
  createdAt: string;
  /** For a connector's endpoint: the stores and warehouses of its connections; null for the organization's. */
  storeIds: string[] | null;
  warehouseIds: string[] | null;
}

/** A webhook event's payload as it is stored once for its organization when fanned out. */
export interface NewWebhookEvent {
  webhookId: string;
  organizationId: string;
  eventId: string;
  eventType: string;
  occurredAt: string;
  /** Where the resource lives: a sales order's store, an inventory level's warehouse (a connector's scope). */
  storeId: string | null;
  warehouseId: string | null;
  body: string;
}

export interface NewWebhookDelivery {
  id: string;
  organizationId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  webhookId: string;
}

export type DeliveryAttemptStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** A delivery with its endpoint and one attempt, as the worker sends it. */
export interface DeliveryToSend {
  id: string;
  endpointId: string;
  url: string;
  secretCiphertext: string;
  webhookId: string;
  eventType: string;
  body: string;
  attempt: number;
  /** The attempt's place in the retry schedule (0: a first attempt, or one a recover started over). */
  scheduleStep: number;
  status: DeliveryAttemptStatus;
}

/** An attempt written to the queue: what its delivery job names. */
export interface QueuedAttempt {
  deliveryId: string;
  endpointId: string;
  attempt: number;
}

export interface DeliveryAttemptRow {
  webhookId: string;
  eventType: string;
  attempt: number;
  status: DeliveryAttemptStatus;
  responseStatus: number | null;
  attemptedAt: Date | null;
  nextAttemptAt: Date | null;
}

export interface AttemptOutcome {
  deliveryId: string;
  attempt: number;
  status: 'SUCCEEDED' | 'FAILED';
  responseStatus: number | null;
  /** Seconds until the next attempt, when there is one. */
  retryInSeconds?: number;
}

@Injectable()
export class WebhookDeliveryRepository {
  /** The cursor, locked until the transaction ends; undefined while another transaction holds it (another replica fans out). */
  async lockCursor(tx: Queryable): Promise<DispatchCursor | undefined> {
    const { rows } = await tx.query<{ xid: string; sequence: string }>('SELECT xid::text AS xid, sequence FROM webhook_dispatch_cursor FOR UPDATE SKIP LOCKED');
    return rows.length > 0 ? { xid: rows[0].xid, sequence: Number(rows[0].sequence) } : undefined;
  }

  async moveCursor(tx: Queryable, cursor: DispatchCursor): Promise<void> {
    await tx.query('UPDATE webhook_dispatch_cursor SET xid = $1::xid8, sequence = $2', [cursor.xid, cursor.sequence]);
  }

  /** The enabled endpoints of these organizations, with the stores and warehouses a connector's endpoint is limited to. */
  async endpointsOf(q: Queryable, organizationIds: string[]): Promise<DispatchEndpoint[]> {
    const { rows } = await q.query<{ id: string; organization_id: string; event_types: string[]; created_at: string; store_ids: string[] | null; warehouse_ids: string[] | null }>(
      `SELECT e.id, e.organization_id, e.event_types, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
              CASE WHEN e.connector_connection_ids IS NULL THEN NULL ELSE
                ARRAY(SELECT c.store_id FROM connections c WHERE c.organization_id = e.organization_id AND c.id = ANY (e.connector_connection_ids)) END AS store_ids,
              CASE WHEN e.connector_connection_ids IS NULL THEN NULL ELSE
                ARRAY(SELECT s.warehouse_id FROM connections c JOIN stores s ON s.organization_id = c.organization_id AND s.id = c.store_id
                       WHERE c.organization_id = e.organization_id AND c.id = ANY (e.connector_connection_ids)) END AS warehouse_ids
         FROM webhook_endpoints e
        WHERE e.organization_id = ANY ($1::uuid[]) AND e.enabled`,
      [organizationIds],
    );
    return rows.map((r) => ({ id: r.id, organizationId: r.organization_id, eventTypes: r.event_types, createdAt: r.created_at, storeIds: r.store_ids, warehouseIds: r.warehouse_ids }));
  }

  /** The sales order a fulfilment order fulfils, if any. */
  async salesOrderOfFulfilmentOrder(q: Queryable, organizationId: string, fulfilmentOrderId: string): Promise<string | undefined> {
    const { rows } = await q.query<{ sales_order_id: string | null }>('SELECT sales_order_id FROM fulfilment_orders WHERE organization_id = $1 AND id = $2', [
      organizationId,
      fulfilmentOrderId,
    ]);
    return rows[0]?.sales_order_id ?? undefined;
  }

  /** Stores the events' payloads (an event already stored keeps its first payload). */
  async storeEvents(tx: Queryable, events: NewWebhookEvent[]): Promise<void> {
    if (events.length === 0) return;
    await tx.query(
      `INSERT INTO webhook_events (webhook_id, organization_id, event_id, event_type, occurred_at, store_id, warehouse_id, body)
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[], $6::text[], $7::text[], $8::text[])
       ON CONFLICT (webhook_id) DO NOTHING`,
      [
        events.map((e) => e.webhookId),
        events.map((e) => e.organizationId),
        events.map((e) => e.eventId),
        events.map((e) => e.eventType),
        events.map((e) => e.occurredAt),
        events.map((e) => e.storeId),
        events.map((e) => e.warehouseId),
        events.map((e) => e.body),
      ],
    );
  }

  /** Writes the deliveries (a delivery already written for the endpoint and webhook id is skipped), each with its first attempt PENDING now. */
  async insert(tx: Queryable, deliveries: NewWebhookDelivery[]): Promise<NewWebhookDelivery[]> {
    if (deliveries.length === 0) return [];
    const { rows } = await tx.query<{ id: string }>(
      `WITH d AS (
         INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, webhook_id)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[])
         ON CONFLICT (endpoint_id, webhook_id) DO NOTHING
         RETURNING id, endpoint_id)
       INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, next_attempt_at)
       SELECT id, endpoint_id, 1, 'PENDING', now() FROM d
       RETURNING delivery_id AS id`,
      [
        deliveries.map((d) => d.id),
        deliveries.map((d) => d.organizationId),
        deliveries.map((d) => d.endpointId),
        deliveries.map((d) => d.eventId),
        deliveries.map((d) => d.eventType),
        deliveries.map((d) => d.webhookId),
      ],
    );
    const written = new Set(rows.map((r) => r.id));
    return deliveries.filter((d) => written.has(d.id));
  }

  /**
   * Delivers again what these deliveries (the endpoint's, by webhook id) carried, the retry schedule started
   * over: a delivery with a PENDING attempt has that attempt made due now at step 0 (so that a delivery is
   * never pursued twice at once, and asking again while it waits adds nothing); any other gets a new PENDING
   * attempt, due now, at step 0. The deliveries are held first (FOR NO KEY UPDATE, in id order), so that two
   * redeliveries of one delivery take turns and each numbers its attempt after the other's; an attempt being
   * recorded meanwhile is not waited for. Answers the attempts due now.
   */
  async redeliver(tx: Queryable, organizationId: string, endpointId: string, webhookIds: string[]): Promise<QueuedAttempt[]> {
    if (webhookIds.length === 0) return [];
    const { rows: held } = await tx.query<{ id: string }>(
      'SELECT id FROM webhook_deliveries WHERE organization_id = $1 AND endpoint_id = $2 AND webhook_id = ANY ($3::text[]) ORDER BY id FOR NO KEY UPDATE',
      [organizationId, endpointId, webhookIds],
    );
    if (held.length === 0) return [];
    const { rows } = await tx.query<{ delivery_id: string; attempt: number }>(
      `WITH reset AS (
         UPDATE webhook_delivery_attempts SET next_attempt_at = now(), schedule_step = 0
          WHERE delivery_id = ANY ($1::uuid[]) AND status = 'PENDING'
         RETURNING delivery_id, attempt),
       added AS (
         INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, next_attempt_at, schedule_step)
         SELECT d.id, d.endpoint_id, COALESCE((SELECT max(a.attempt) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id), 0) + 1, 'PENDING', now(), 0
           FROM webhook_deliveries d
          WHERE d.id = ANY ($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id AND a.status = 'PENDING')
         RETURNING delivery_id, attempt)
       SELECT delivery_id, attempt FROM reset UNION ALL SELECT delivery_id, attempt FROM added`,
      [held.map((r) => r.id)],
    );
    return rows.map((r) => ({ deliveryId: r.delivery_id, endpointId, attempt: r.attempt }));
  }

  /** Takes the retention's lock until the transaction ends, without waiting; false while another replica prunes. */
  async tryHoldRetentionLock(tx: Queryable): Promise<boolean> {
    const { rows } = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS held', [ADVISORY_LOCKS.webhookRetention]);
    return rows[0].held;
  }

  /**
   * Deletes up to `limit` attempts made (not PENDING) more than `retentionDays` ago, oldest first, and the
   * deliveries that leaves without any attempt. Answers how many attempts were deleted.
   */
  async pruneAttempts(tx: Queryable, retentionDays: number, limit: number): Promise<number> {
    const { rows } = await tx.query<{ delivery_id: string }>(
      `DELETE FROM webhook_delivery_attempts
        WHERE (delivery_id, attempt) IN (
          SELECT delivery_id, attempt FROM webhook_delivery_attempts
           WHERE status <> 'PENDING' AND recorded_at < now() - make_interval(days => $1::int)
           ORDER BY recorded_at LIMIT $2)
       RETURNING delivery_id`,
      [retentionDays, limit],
    );
    if (rows.length > 0) {
      // A delivery held by a redelivery (recover) is left: it is about to get an attempt.
      await tx.query(
        `DELETE FROM webhook_deliveries WHERE id IN (
           SELECT d.id FROM webhook_deliveries d
            WHERE d.id = ANY ($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id)
            FOR UPDATE SKIP LOCKED)`,
        [[...new Set(rows.map((r) => r.delivery_id))]],
      );
    }
    return rows.length;
  }

  /** A delivery's attempt with what sending it needs; undefined when the delivery is gone (its endpoint was deleted). */
  async findAttempt(q: Queryable, deliveryId: string, attempt: number): Promise<DeliveryToSend | undefined> {
    const { rows } = await q.query<{
      id: string;
      endpoint_id: string;
      url: string;
      secret_ciphertext: string;
      webhook_id: string;
      event_type: string;
      body: string;
      attempt: number;
      schedule_step: number;
      status: DeliveryAttemptStatus;
    }>(
      `SELECT d.id, d.endpoint_id, e.url, e.secret_ciphertext, d.webhook_id, d.event_type, ev.body, a.attempt, a.schedule_step, a.status
         FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.organization_id = d.organization_id AND e.id = d.endpoint_id
         JOIN webhook_events ev ON ev.organization_id = d.organization_id AND ev.webhook_id = d.webhook_id
         JOIN webhook_delivery_attempts a ON a.delivery_id = d.id AND a.attempt = $2
        WHERE d.id = $1`,
      [deliveryId, attempt],
    );
    const r = rows[0];
    if (!r) return undefined;
    return { id: r.id, endpointId: r.endpoint_id, url: r.url, secretCiphertext: r.secret_ciphertext, webhookId: r.webhook_id, eventType: r.event_type, body: r.body, attempt: r.attempt, scheduleStep: r.schedule_step, status: r.status };
  }

  /**
   * Records the outcome of a PENDING attempt and, when a retry follows, its PENDING successor. False when the
   * attempt was no longer PENDING (another worker recorded it, or the delivery is gone): nothing written.
   */
  async recordOutcome(tx: Queryable, outcome: AttemptOutcome): Promise<boolean> {
    const retry = outcome.retryInSeconds;
    // The endpoint's row first, as deleting the endpoint takes it first and then cascades to the
    // deliveries and attempts: taken in the same order, the two cannot deadlock. Once a deletion has
    // committed, there is nothing to record.
    const { rowCount: live } = await tx.query(
      `SELECT 1 FROM webhook_endpoints WHERE id = (SELECT endpoint_id FROM webhook_deliveries WHERE id = $1) FOR KEY SHARE`,
      [outcome.deliveryId],
    );
    if ((live ?? 0) === 0) return false;
    const { rowCount } = await tx.query(
      `UPDATE webhook_delivery_attempts
          SET status = $3, response_status = $4, attempted_at = now(),
              next_attempt_at = CASE WHEN $5::int IS NULL THEN NULL ELSE now() + make_interval(secs => $5::int) END
        WHERE delivery_id = $1 AND attempt = $2 AND status = 'PENDING'`,
      [outcome.deliveryId, outcome.attempt, outcome.status, outcome.responseStatus, retry ?? null],
    );
    if ((rowCount ?? 0) === 0) return false;
    if (retry !== undefined) {
      await tx.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, next_attempt_at, schedule_step)
         SELECT delivery_id, endpoint_id, attempt + 1, 'PENDING', next_attempt_at, schedule_step + 1 FROM webhook_delivery_attempts WHERE delivery_id = $1 AND attempt = $2`,
        [outcome.deliveryId, outcome.attempt],
      );
    }
    return true;
  }

  /** The latest attempts of an endpoint, newest first. */
  async latestAttempts(q: Queryable, endpointId: string, limit: number): Promise<DeliveryAttemptRow[]> {
    const { rows } = await q.query<{
      webhook_id: string;
      event_type: string;
      attempt: number;
      status: DeliveryAttemptStatus;
      response_status: number | null;
      attempted_at: Date | null;
      next_attempt_at: Date | null;
    }>(
      `SELECT d.webhook_id, d.event_type, a.attempt, a.status, a.response_status, a.attempted_at, a.next_attempt_at
         FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE a.endpoint_id = $1
        ORDER BY a.recorded_at DESC, a.attempt DESC
        LIMIT $2`,
      [endpointId, limit],
    );
    return rows.map((r) => ({
      webhookId: r.webhook_id,
      eventType: r.event_type,
      attempt: r.attempt,
      status: r.status,
      responseStatus: r.response_status,
      attemptedAt: r.attempted_at,
      nextAttemptAt: r.next_attempt_at,
    }));
  }

  /** Attempts waiting to be made, in every organization: the queue depth. */
  async pendingCount(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ count: string }>(`SELECT count(*) AS count FROM webhook_delivery_attempts WHERE status = 'PENDING'`);
    return Number(rows[0].count);
  }
}
