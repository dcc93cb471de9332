// SQL of webhook delivery: the dispatcher's cursor in the event log, deliveries and their attempts, and the
// delivery workers' claims and outcomes.
import { Injectable } from '@nestjs/common';
import { ADVISORY_LOCKS, Queryable } from '@gateway/persistence';

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

/** How much one claim may take (webhook-delivery.repository.ts, claim). */
export interface ClaimLimits {
  /** Attempts claimed at most: the claiming process's free delivery slots. */
  limit: number;
  /** Deliveries in flight per endpoint, across every process. */
  perEndpoint: number;
  /** Deliveries in flight per organization, across every process. */
  perOrganization: number;
  /** How long a claim holds its attempts: past it, another worker may take them over. */
  leaseSeconds: number;
}

/** A claimed attempt with what sending it needs. */
export interface ClaimedAttempt {
  deliveryId: string;
  attempt: number;
  /** The attempt's place in the retry schedule (0: a first attempt). */
  scheduleStep: number;
  endpointId: string;
  organizationId: string;
  url: string;
  secretCiphertext: string;
  /** The secret before the last rotation while its overlap lasts (both sign), else null. */
  previousSecretCiphertext: string | null;
  webhookId: string;
  eventType: string;
  body: string;
  /** When the event happened: the start of the delivery lag. */
  occurredAt: Date;
  /** The endpoint's failing_since when the attempt was claimed. */
  endpointFailingSince: Date | null;
}

/** One attempt, by its delivery and number. */
export interface AttemptKey {
  deliveryId: string;
  attempt: number;
}

export interface AttemptOutcome extends AttemptKey {
  endpointId: string;
  status: 'SUCCEEDED' | 'FAILED';
  responseStatus: number | null;
  /** When the request was made. */
  attemptedAt: Date;
  /** Seconds until the next attempt, when there is one. */
  retryInSeconds?: number;
}

/** An attempt made due now by a redelivery. */
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

@Injectable()
export class WebhookDeliveryRepository {
  /**
   * Takes the organization's fan-out lock until the transaction ends, without waiting; false while another
   * transaction (another replica) fans out that organization. Two organizations whose hashes meet share a
   * lock: one waits a batch for the other, nothing more.
   */
  async tryHoldFanOut(tx: Queryable, organizationId: string): Promise<boolean> {
    const { rows } = await tx.query<{ held: boolean }>('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS held', [
      ADVISORY_LOCKS.webhookFanOut,
      organizationId,
    ]);
    return rows[0].held;
  }

  /** The enabled endpoints of these organizations, with the stores and warehouses a connector's endpoint is limited to. */
  async endpointsOf(q: Queryable, organizationIds: string[]): Promise<DispatchEndpoint[]> {
    const { rows } = await q.query<{
      id: string;
      organization_id: string;
      event_types: string[];
      created_at: string;
      store_ids: string[] | null;
      warehouse_ids: string[] | null;
    }>(
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
    return rows.map((r) => ({
      id: r.id,
      organizationId: r.organization_id,
      eventTypes: r.event_types,
      createdAt: r.created_at,
      storeIds: r.store_ids,
      warehouseIds: r.warehouse_ids,
    }));
  }

  /** The sales order each of these fulfilment orders fulfils, for those that fulfil one. */
  async salesOrdersOfFulfilmentOrders(q: Queryable, organizationId: string, fulfilmentOrderIds: string[]): Promise<Map<string, string>> {
    if (fulfilmentOrderIds.length === 0) return new Map();
    const { rows } = await q.query<{ id: string; sales_order_id: string }>(
      'SELECT id, sales_order_id FROM fulfilment_orders WHERE organization_id = $1 AND id = ANY ($2::text[]) AND sales_order_id IS NOT NULL',
      [organizationId, fulfilmentOrderIds],
    );
    return new Map(rows.map((r) => [r.id, r.sales_order_id]));
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

  /**
   * Counts the test events sent to the endpoint in the last `windowSeconds`, holding the endpoint's test lock
   * until the transaction ends (every replica's test of that endpoint counts after this one commits). Answers
   * null when fewer than `limit` were sent, else the seconds until the oldest of the last `limit` leaves the
   * window (when one more may be sent).
   */
  async holdTestSends(tx: Queryable, endpointId: string, limit: number, windowSeconds: number): Promise<number | null> {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADVISORY_LOCKS.webhookTestSends, endpointId]);
    const { rows } = await tx.query<{ wait: number }>(
      `SELECT extract(epoch FROM created_at + make_interval(secs => $3) - clock_timestamp())::float8 AS wait
         FROM webhook_deliveries
        WHERE endpoint_id = $1 AND event_type = 'webhook.test' AND created_at > clock_timestamp() - make_interval(secs => $3)
        ORDER BY created_at DESC
        LIMIT $2`,
      [endpointId, limit, windowSeconds],
    );
    return rows.length < limit ? null : Math.max(rows[rows.length - 1].wait, 0);
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

  /** Claims due attempts (recordAndClaim without outcomes). */
  async claim(q: Queryable, limits: ClaimLimits): Promise<ClaimedAttempt[]> {
    return (await this.recordAndClaim(q, [], limits)).claimed;
  }

  /** Records outcomes (recordAndClaim claiming nothing). */
  async recordOutcomes(q: Queryable, outcomes: AttemptOutcome[]): Promise<AttemptKey[]> {
    return (await this.recordAndClaim(q, outcomes, { limit: 0, perEndpoint: 0, perOrganization: 0, leaseSeconds: 0 })).recorded;
  }

  /**
   * One statement, the delivery workers' only round trip when all goes well:
   * - Records the outcomes of claimed attempts and, for each failure with a retry left, its PENDING successor
   *   (one step on in the schedule, due after the delay). An attempt no longer PENDING (recorded by a worker
   *   that took it over after its lease, or its endpoint disabled or deleted) is left as it is. The
   *   outcomes' endpoints are locked (FOR KEY SHARE, in id order) before any attempt row, as a deletion or
   *   a disabling takes the endpoint first: the two cannot deadlock.
   * - Then claims due PENDING attempts of enabled endpoints, at most limits.limit, leased until now +
   *   leaseSeconds; the leases just recorded count as ended. Fair: an endpoint gets at most perEndpoint in
   *   flight, its oldest due attempts first; an organization at most perOrganization, round-robin across its
   *   endpoints; the organizations with the fewest deliveries in flight are served first, so one with a
   *   backlog or slow endpoints never holds back another that has one attempt due. An attempt whose lease
   *   has run out (its worker died) is due again. Rows another transaction holds (an outcome being recorded,
   *   an endpoint being disabled or deleted) are skipped, not waited for (FOR UPDATE SKIP LOCKED), so no
   *   attempt is claimed twice; the limits count the leases committed when the statement starts.
   */
  async recordAndClaim(q: Queryable, outcomes: AttemptOutcome[], limits: ClaimLimits): Promise<{ recorded: AttemptKey[]; claimed: ClaimedAttempt[] }> {
    const { rows } = await q.query<{
      kind: 'recorded' | 'claimed';
      delivery_id: string;
      attempt: number;
      schedule_step: number;
      endpoint_id: string;
      organization_id: string;
      url: string;
      secret_ciphertext: string;
      previous_secret_ciphertext: string | null;
      webhook_id: string;
      event_type: string;
      body: string;
      occurred_at: Date;
      failing_since: Date | null;
    }>({
      // Prepared once per connection: planned once.
      name: 'webhook-record-and-claim',
      text: `WITH RECURSIVE outcome AS (
         SELECT * FROM unnest($5::uuid[], $6::int[], $7::text[], $8::int[], $9::timestamptz[], $10::int[])
           AS o(delivery_id, attempt, status, response_status, attempted_at, retry_in)
       ),
       -- Each outcome's attempt found by its key, and only while PENDING. Rows are then updated by their
       -- ctid: the key, not how many attempts are PENDING, decides the cost whatever the statistics say, and a
       -- row another worker changed meanwhile (a new version, another ctid) is left alone.
       target AS (
         SELECT o.*, (SELECT CASE WHEN x.status = 'PENDING' THEN x.ctid END FROM webhook_delivery_attempts x
                       WHERE x.delivery_id = o.delivery_id AND x.attempt = o.attempt) AS row_id
           FROM outcome o
       ),
       recorded AS (
         UPDATE webhook_delivery_attempts a
            SET status = t.status, response_status = t.response_status, attempted_at = t.attempted_at, claimed_until = NULL,
                next_attempt_at = CASE WHEN t.retry_in IS NULL THEN NULL ELSE statement_timestamp() + make_interval(secs => t.retry_in) END
           FROM target t
          WHERE a.ctid = t.row_id AND a.ctid = ANY (ARRAY(SELECT row_id FROM target WHERE row_id IS NOT NULL))
            -- Evaluated once, before any attempt row is touched: the outcomes' endpoints locked in id order, as
            -- a deletion or a disabling takes them first (a deleted endpoint's attempts are gone with it).
            AND (SELECT count(*) FROM (SELECT id FROM webhook_endpoints WHERE id = ANY ($11::uuid[]) ORDER BY id FOR KEY SHARE) l) >= 0
         RETURNING a.delivery_id, a.attempt, a.endpoint_id, a.schedule_step, a.next_attempt_at, t.retry_in
       ),
       retried AS (
         -- The next number of the delivery, whoever else (a recover) added attempts to it meanwhile.
         INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, next_attempt_at, schedule_step)
         SELECT r.delivery_id, r.endpoint_id, (SELECT max(x.attempt) FROM webhook_delivery_attempts x WHERE x.delivery_id = r.delivery_id) + 1, 'PENDING', r.next_attempt_at, r.schedule_step + 1
           FROM recorded r WHERE r.retry_in IS NOT NULL
         ON CONFLICT (delivery_id, attempt) DO NOTHING
       ),
       waiting AS (
         -- The endpoints with PENDING attempts: one probe of the due index each, however long their queues.
         (SELECT endpoint_id FROM webhook_delivery_attempts WHERE status = 'PENDING' ORDER BY endpoint_id LIMIT 1)
         UNION ALL
         SELECT (SELECT a.endpoint_id FROM webhook_delivery_attempts a WHERE a.status = 'PENDING' AND a.endpoint_id > w.endpoint_id ORDER BY a.endpoint_id LIMIT 1)
           FROM waiting w WHERE w.endpoint_id IS NOT NULL
       ),
       leased AS (
         SELECT a.endpoint_id, count(*)::int AS n FROM webhook_delivery_attempts a
          WHERE a.status = 'PENDING' AND a.claimed_until > statement_timestamp()
            AND a.ctid <> ALL (ARRAY(SELECT row_id FROM target WHERE row_id IS NOT NULL))
          GROUP BY a.endpoint_id
       ),
       organization_leased AS (
         SELECT e.organization_id, sum(l.n)::int AS n FROM leased l JOIN webhook_endpoints e ON e.id = l.endpoint_id GROUP BY e.organization_id
       ),
       open AS (
         SELECT e.id, e.organization_id, coalesce(l.n, 0) AS in_flight
           FROM waiting w
           JOIN webhook_endpoints e ON e.id = w.endpoint_id AND e.enabled
           LEFT JOIN leased l ON l.endpoint_id = e.id
          WHERE coalesce(l.n, 0) < $2
       ),
       candidates AS (
         SELECT c.row_id, c.next_attempt_at,
                coalesce(ol.n, 0) + row_number() OVER (PARTITION BY o.organization_id ORDER BY c.endpoint_rank, c.next_attempt_at, o.id) AS organization_load
           FROM open o
           LEFT JOIN organization_leased ol ON ol.organization_id = o.organization_id
           CROSS JOIN LATERAL (
             SELECT a.row_id, a.next_attempt_at, row_number() OVER (ORDER BY a.next_attempt_at, a.delivery_id) AS endpoint_rank
               FROM (SELECT d.ctid AS row_id, d.delivery_id, d.next_attempt_at FROM webhook_delivery_attempts d
                      WHERE d.endpoint_id = o.id AND d.status = 'PENDING' AND d.next_attempt_at <= statement_timestamp()
                        AND (d.claimed_until IS NULL OR d.claimed_until <= statement_timestamp())
                      ORDER BY d.next_attempt_at, d.delivery_id
                      LIMIT $2 - o.in_flight) a
           ) c
       ),
       chosen AS (
         SELECT row_id FROM candidates WHERE organization_load <= $3 ORDER BY organization_load, next_attempt_at LIMIT $1
       ),
       claimed AS (
         -- By ctid as above: a row changed since this statement's snapshot (claimed or recorded by another
         -- worker) has another ctid and is passed over, as is a row another transaction holds.
         UPDATE webhook_delivery_attempts a SET claimed_until = statement_timestamp() + make_interval(secs => $4)
          WHERE a.ctid = ANY (ARRAY(SELECT l.ctid FROM webhook_delivery_attempts l WHERE l.ctid = ANY (ARRAY(SELECT row_id FROM chosen)) FOR UPDATE SKIP LOCKED))
         RETURNING a.delivery_id, a.attempt, a.schedule_step
       )
       SELECT 'recorded' AS kind, r.delivery_id, r.attempt, NULL::int AS schedule_step, NULL::uuid AS endpoint_id, NULL::uuid AS organization_id, NULL AS url,
              NULL AS secret_ciphertext, NULL AS previous_secret_ciphertext, NULL AS webhook_id, NULL AS event_type, NULL AS body, NULL::timestamptz AS occurred_at,
              NULL::timestamptz AS failing_since
         FROM recorded r
       UNION ALL
       SELECT 'claimed', c.delivery_id, c.attempt, c.schedule_step, e.id, e.organization_id, e.url, e.secret_ciphertext,
              CASE WHEN e.previous_secret_expires_at > statement_timestamp() THEN e.previous_secret_ciphertext END,
              d.webhook_id, d.event_type, ev.body, ev.occurred_at, e.failing_since
         FROM claimed c
         JOIN webhook_deliveries d ON d.id = c.delivery_id
         JOIN webhook_endpoints e ON e.organization_id = d.organization_id AND e.id = d.endpoint_id
         JOIN webhook_events ev ON ev.organization_id = d.organization_id AND ev.webhook_id = d.webhook_id`,
      values: [
        limits.limit,
        limits.perEndpoint,
        limits.perOrganization,
        limits.leaseSeconds,
        outcomes.map((o) => o.deliveryId),
        outcomes.map((o) => o.attempt),
        outcomes.map((o) => o.status),
        outcomes.map((o) => o.responseStatus),
        outcomes.map((o) => o.attemptedAt.toISOString()),
        outcomes.map((o) => o.retryInSeconds ?? null),
        [...new Set(outcomes.map((o) => o.endpointId))].sort(),
      ],
    });
    const recorded: AttemptKey[] = [];
    const claimed: ClaimedAttempt[] = [];
    for (const r of rows) {
      if (r.kind === 'recorded') {
        recorded.push({ deliveryId: r.delivery_id, attempt: r.attempt });
        continue;
      }
      claimed.push({
        deliveryId: r.delivery_id,
        attempt: r.attempt,
        scheduleStep: r.schedule_step,
        endpointId: r.endpoint_id,
        organizationId: r.organization_id,
        url: r.url,
        secretCiphertext: r.secret_ciphertext,
        previousSecretCiphertext: r.previous_secret_ciphertext,
        webhookId: r.webhook_id,
        eventType: r.event_type,
        body: r.body,
        occurredAt: r.occurred_at,
        endpointFailingSince: r.failing_since,
      });
    }
    return { recorded, claimed };
  }

  /** Gives claimed attempts back before their lease ends (a worker stopping without their outcome): due again at once. */
  async releaseClaims(q: Queryable, attempts: AttemptKey[]): Promise<void> {
    if (attempts.length === 0) return;
    await q.query(
      `UPDATE webhook_delivery_attempts a SET claimed_until = NULL
         FROM unnest($1::uuid[], $2::int[]) AS k(delivery_id, attempt)
        WHERE a.delivery_id = k.delivery_id AND a.attempt = k.attempt AND a.status = 'PENDING'`,
      [attempts.map((a) => a.deliveryId), attempts.map((a) => a.attempt)],
    );
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

  /**
   * Seconds the oldest attempt that is due (PENDING, its time come, of an enabled endpoint; in flight or not)
   * has been due, in every organization; 0 when none is. How far the workers run behind their schedule: a retry
   * waiting for its time is not late, an attempt of a disabled endpoint is never sent. One probe of the due
   * index per enabled endpoint.
   */
  async oldestDueAttemptAge(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ age: number }>(
      `SELECT coalesce(extract(epoch FROM statement_timestamp() - min(due.next_attempt_at)), 0)::float8 AS age
         FROM webhook_endpoints e
         CROSS JOIN LATERAL (
           SELECT a.next_attempt_at FROM webhook_delivery_attempts a
            WHERE a.endpoint_id = e.id AND a.status = 'PENDING' AND a.next_attempt_at <= statement_timestamp()
            ORDER BY a.next_attempt_at LIMIT 1
         ) due
        WHERE e.enabled`,
    );
    return Math.max(0, rows[0].age);
  }
}
