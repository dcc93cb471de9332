// The delivery workers' SQL: claiming due attempts (leases, the per-endpoint and per-organization limits,
// fairness between organizations, disabled endpoints, rows locked elsewhere, two claims at once) and
// recording outcomes in one statement (retries, giving up, attempts no longer PENDING), and recording while
// the endpoint is being deleted: both take the endpoint's row first, so neither waits for the other while
// holding what the other needs (the order deadlocked before).
import { randomUUID } from 'node:crypto';
import { TestDatabase, createTestDatabase, waitUntilAsync } from '@gateway/testing';
import { ClaimLimits, ClaimedAttempt, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { Queryable } from '@gateway/persistence';

const LIMITS: ClaimLimits = { limit: 100, perEndpoint: 4, perOrganization: 32, leaseSeconds: 30 };

describe('WebhookDeliveryRepository', () => {
  let database: TestDatabase;
  const deliveries = new WebhookDeliveryRepository();
  let event = 0;

  const organization = async () => {
    const id = randomUUID();
    await database.db.query(`INSERT INTO organizations (id, name) VALUES ($1, 'webhook claims')`, [id]);
    return id;
  };
  const endpoint = async (organizationId: string, fields: { enabled?: boolean; previousSecret?: boolean } = {}) => {
    const id = randomUUID();
    await database.db.query(
      `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, secret_ciphertext, created_by_client_id, enabled, disabled_reason, previous_secret_ciphertext, previous_secret_expires_at)
       VALUES ($1, $2, 'http://127.0.0.1/hook', '{inventory_level.changed}', 'current', 'client', $3, $4, $5, $6)`,
      [
        id,
        organizationId,
        fields.enabled ?? true,
        fields.enabled === false ? 'MANUAL' : null,
        fields.previousSecret ? 'previous' : null,
        fields.previousSecret ? new Date(Date.now() + 60_000) : null,
      ],
    );
    return id;
  };
  /** Events of the organization, each delivered to the endpoint: their first attempts, due now. */
  const queue = async (organizationId: string, endpointId: string, count = 1): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const webhookId = `msg_${++event}`;
      await deliveries.storeEvents(database.db, [
        {
          webhookId,
          organizationId,
          eventId: randomUUID(),
          eventType: 'inventory_level.changed',
          occurredAt: new Date().toISOString(),
          storeId: null,
          warehouseId: null,
          body: `{"n":${event}}`,
        },
      ]);
      const [written] = await deliveries.insert(database.db, [
        { id: randomUUID(), organizationId, endpointId, eventId: randomUUID(), eventType: 'inventory_level.changed', webhookId },
      ]);
      ids.push(written.id);
    }
    return ids;
  };
  const claim = (limits: Partial<ClaimLimits> = {}, q?: Queryable): Promise<ClaimedAttempt[]> =>
    q ? deliveries.claim(q, { ...LIMITS, ...limits }) : database.db.transaction((tx) => deliveries.claim(tx, { ...LIMITS, ...limits }));
  const attempts = async (deliveryId: string) =>
    (
      await database.db.query<{
        attempt: number;
        status: string;
        schedule_step: number;
        response_status: number | null;
        claimed: boolean;
        due_in: number | null;
      }>(
        `SELECT attempt, status, schedule_step, response_status, claimed_until IS NOT NULL AS claimed, round(extract(epoch FROM next_attempt_at - now()))::int AS due_in
           FROM webhook_delivery_attempts WHERE delivery_id = $1 ORDER BY attempt`,
        [deliveryId],
      )
    ).rows;
  /** Makes every attempt of these endpoints leave the queue, so that the next test starts empty. */
  const drain = (endpointIds: string[]) =>
    database.db.query(`UPDATE webhook_delivery_attempts SET status = 'SUCCEEDED' WHERE endpoint_id = ANY ($1::uuid[]) AND status = 'PENDING'`, [endpointIds]);

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  describe('claim', () => {
    it('claims due attempts with what sending them needs, and leases them: claimed again only once the lease has run out', async () => {
      const org = await organization();
      const hook = await endpoint(org, { previousSecret: true });
      const [deliveryId] = await queue(org, hook);
      const [claimed] = await claim();
      expect(claimed).toEqual({
        deliveryId,
        attempt: 1,
        scheduleStep: 0,
        endpointId: hook,
        organizationId: org,
        url: 'http://127.0.0.1/hook',
        secretCiphertext: 'current',
        previousSecretCiphertext: 'previous',
        webhookId: `msg_${event}`,
        eventType: 'inventory_level.changed',
        body: `{"n":${event}}`,
        occurredAt: expect.any(Date),
        endpointFailingSince: null,
      });
      expect(await claim()).toEqual([]);
      // The worker died: its lease runs out.
      await database.db.query(`UPDATE webhook_delivery_attempts SET claimed_until = now() - interval '1 second' WHERE delivery_id = $1`, [deliveryId]);
      expect((await claim()).map((c) => c.deliveryId)).toEqual([deliveryId]);
      await drain([hook]);
    });

    it('leaves out the previous secret once its overlap has ended, attempts not due yet, and every attempt of a disabled endpoint', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      await database.db.query(
        `UPDATE webhook_endpoints SET previous_secret_ciphertext = 'previous', previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
        [hook],
      );
      const [later] = await queue(org, hook);
      await database.db.query(`UPDATE webhook_delivery_attempts SET next_attempt_at = now() + interval '1 hour' WHERE delivery_id = $1`, [later]);
      const [due] = await queue(org, hook);
      const disabled = await endpoint(org, { enabled: false });
      await queue(org, disabled, 2);
      const claimed = await claim();
      expect(claimed.map((c) => [c.deliveryId, c.previousSecretCiphertext])).toEqual([[due, null]]);
      await drain([hook, disabled]);
    });

    it('keeps at most perEndpoint and perOrganization in flight, counting the leases already out', async () => {
      const org = await organization();
      const hooks = [await endpoint(org), await endpoint(org), await endpoint(org)];
      for (const hook of hooks) await queue(org, hook, 5);
      const first = await claim({ perEndpoint: 2, perOrganization: 5 });
      expect(first).toHaveLength(5);
      // Round-robin across the endpoints: 2, 2 and 1, never 3 of one.
      const perHook = (claimed: ClaimedAttempt[]) => hooks.map((h) => claimed.filter((c) => c.endpointId === h).length);
      expect(perHook(first).sort()).toEqual([1, 2, 2]);
      // Five out: the organization is at its limit.
      expect(await claim({ perEndpoint: 2, perOrganization: 5 })).toEqual([]);
      // One more allowed: it goes to the endpoint with one in flight.
      const second = await claim({ perEndpoint: 2, perOrganization: 6 });
      expect(second).toHaveLength(1);
      expect(perHook([...first, ...second])).toEqual([2, 2, 2]);
      await drain(hooks);
    });

    it('serves first the organization with the fewest deliveries in flight, whatever the other has waiting', async () => {
      const busy = await organization();
      const busyHooks = [await endpoint(busy), await endpoint(busy)];
      for (const hook of busyHooks) await queue(busy, hook, 20);
      const quiet = await organization();
      const quietHook = await endpoint(quiet);
      expect((await claim({ limit: 4 })).every((c) => c.organizationId === busy)).toBe(true);
      // The busy organization's 36 attempts are older and still due, and only 2 slots are free.
      const [quietDelivery] = await queue(quiet, quietHook);
      const claimed = await claim({ limit: 2 });
      expect(claimed.map((c) => c.organizationId)).toEqual(expect.arrayContaining([quiet]));
      expect(claimed.find((c) => c.organizationId === quiet)?.deliveryId).toBe(quietDelivery);
      await drain([...busyHooks, quietHook]);
    });

    it('skips an attempt whose row another transaction holds instead of waiting for it', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      const [held, free] = await queue(org, hook, 2);
      const other = await database.db.pool.connect();
      try {
        await other.query('BEGIN');
        await other.query(`SELECT 1 FROM webhook_delivery_attempts WHERE delivery_id = $1 FOR UPDATE`, [held]);
        expect((await claim()).map((c) => c.deliveryId)).toEqual([free]);
        await other.query('ROLLBACK');
      } finally {
        other.release();
      }
      expect((await claim()).map((c) => c.deliveryId)).toEqual([held]);
      await drain([hook]);
    });

    it('keeps the per-endpoint limit across two claims at once: the second passes over the attempts the first holds', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      await queue(org, hook, 10);
      const first = await database.db.pool.connect();
      try {
        await first.query('BEGIN');
        const firstClaim = await claim({ perEndpoint: 3 }, first);
        // The second claim does not see the first's leases yet; the oldest due attempts it picks are those the first holds.
        expect(await claim({ perEndpoint: 3 })).toEqual([]);
        await first.query('COMMIT');
        expect(firstClaim).toHaveLength(3);
        // Committed: counted.
        expect(await claim({ perEndpoint: 3 })).toEqual([]);
        expect(await claim({ perEndpoint: 4 })).toHaveLength(1);
      } finally {
        first.release();
      }
      await drain([hook]);
    });
  });

  describe('oldestDueAttemptAge', () => {
    it('is how long the oldest due attempt of an enabled endpoint has waited, in flight or not; retries not yet due and disabled endpoints do not count', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      const disabled = await endpoint(org, { enabled: false });
      const age = () => deliveries.oldestDueAttemptAge(database.db);
      const dueSince = (deliveryIds: string[], seconds: number) =>
        database.db.query(`UPDATE webhook_delivery_attempts SET next_attempt_at = now() - make_interval(secs => $2) WHERE delivery_id = ANY ($1::uuid[])`, [
          deliveryIds,
          seconds,
        ]);
      expect(await age()).toBe(0);
      // A disabled endpoint's attempt, due for an hour: never sent, not late.
      await dueSince(await queue(org, disabled), 3600);
      expect(await age()).toBe(0);
      // A retry due in 5 minutes: waiting for its time, not late.
      await dueSince(await queue(org, hook), -300);
      expect(await age()).toBe(0);
      const [older, newer] = await queue(org, hook, 2);
      await dueSince([older], 90);
      await dueSince([newer], 30);
      expect(await age()).toBeGreaterThanOrEqual(90);
      expect(await age()).toBeLessThan(95);
      // Claimed and not answered yet: still waiting for its answer.
      await claim({ perEndpoint: 1 });
      expect(await age()).toBeGreaterThanOrEqual(90);
      await database.db.query(`UPDATE webhook_delivery_attempts SET status = 'SUCCEEDED' WHERE delivery_id = $1`, [older]);
      expect(await age()).toBeGreaterThanOrEqual(30);
      expect(await age()).toBeLessThan(35);
      await drain([hook, disabled]);
      expect(await age()).toBe(0);
    });
  });

  describe('recordOutcomes', () => {
    it('records many outcomes in one call: a success, a failure with its retry one step on, a failure given up; an attempt no longer PENDING is left alone', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      const [succeeded, retried, givenUp, gone] = await queue(org, hook, 4);
      await database.db.query(`UPDATE webhook_delivery_attempts SET schedule_step = 3 WHERE delivery_id = $1`, [givenUp]);
      await claim();
      // Recorded meanwhile by a worker that took it over after the lease.
      await database.db.query(`UPDATE webhook_delivery_attempts SET status = 'SUCCEEDED' WHERE delivery_id = $1`, [gone]);
      const attemptedAt = new Date();
      const recorded = await database.db.transaction((tx) =>
        deliveries.recordOutcomes(tx, [
          { deliveryId: succeeded, endpointId: hook, attempt: 1, status: 'SUCCEEDED', responseStatus: 204, attemptedAt },
          { deliveryId: retried, endpointId: hook, attempt: 1, status: 'FAILED', responseStatus: 503, attemptedAt, retryInSeconds: 300 },
          { deliveryId: givenUp, endpointId: hook, attempt: 1, status: 'FAILED', responseStatus: null, attemptedAt },
          { deliveryId: gone, endpointId: hook, attempt: 1, status: 'FAILED', responseStatus: 500, attemptedAt, retryInSeconds: 5 },
        ]),
      );
      expect(recorded.map((r) => r.deliveryId).sort()).toEqual([succeeded, retried, givenUp].sort());
      expect(await attempts(succeeded)).toEqual([{ attempt: 1, status: 'SUCCEEDED', schedule_step: 0, response_status: 204, claimed: false, due_in: null }]);
      expect(await attempts(retried)).toEqual([
        { attempt: 1, status: 'FAILED', schedule_step: 0, response_status: 503, claimed: false, due_in: 300 },
        { attempt: 2, status: 'PENDING', schedule_step: 1, response_status: null, claimed: false, due_in: 300 },
      ]);
      expect(await attempts(givenUp)).toEqual([{ attempt: 1, status: 'FAILED', schedule_step: 3, response_status: null, claimed: false, due_in: null }]);
      expect(await attempts(gone)).toEqual([{ attempt: 1, status: 'SUCCEEDED', schedule_step: 0, response_status: null, claimed: true, due_in: 0 }]);
      await drain([hook]);
    });

    it('numbers a retry after every attempt of its delivery, one a recover added included', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      const [deliveryId] = await queue(org, hook);
      await claim();
      // A recover made the delivery again meanwhile: attempt 2, back at the start of the schedule.
      await database.db.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, next_attempt_at) VALUES ($1, $2, 2, 'PENDING', now() + interval '1 hour')`,
        [deliveryId, hook],
      );
      await database.db.transaction((tx) =>
        deliveries.recordOutcomes(tx, [
          { deliveryId, endpointId: hook, attempt: 1, status: 'FAILED', responseStatus: 500, attemptedAt: new Date(), retryInSeconds: 5 },
        ]),
      );
      expect((await attempts(deliveryId)).map((a) => [a.attempt, a.status, a.schedule_step])).toEqual([
        [1, 'FAILED', 0],
        [2, 'PENDING', 0],
        [3, 'PENDING', 1],
      ]);
      await drain([hook]);
    });

    it('gives claims back: the attempts are due again at once', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      const [deliveryId] = await queue(org, hook);
      await claim();
      await deliveries.releaseClaims(database.db, [{ deliveryId, attempt: 1 }]);
      expect((await claim()).map((c) => c.deliveryId)).toEqual([deliveryId]);
      await drain([hook]);
    });

    it('records nothing and does not deadlock when a deletion of the endpoint holds it first', async () => {
      const org = await organization();
      const hook = await endpoint(org);
      const [deliveryId] = await queue(org, hook);
      await claim();
      const deleting = await database.db.pool.connect();
      const recording = await database.db.pool.connect();
      try {
        await deleting.query('BEGIN');
        await recording.query('BEGIN');
        const {
          rows: [{ pid }],
        } = await recording.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // What DELETE takes first: the endpoint's row.
        await deleting.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [hook]);
        const recorded = deliveries.recordOutcomes(recording, [
          { deliveryId, endpointId: hook, attempt: 1, status: 'FAILED', responseStatus: 500, attemptedAt: new Date(), retryInSeconds: 1 },
        ]);
        // The recording has taken whatever it takes before it waits: it is waiting for a lock.
        await waitUntilAsync(async () => (await database.db.query('SELECT 1 FROM pg_locks WHERE pid = $1 AND NOT granted', [pid])).rows.length > 0);
        // The cascade to the deliveries and attempts: it would wait for an attempt row the recording holds.
        await deleting.query(`SET LOCAL lock_timeout = '2s'`);
        await deleting.query('DELETE FROM webhook_endpoints WHERE id = $1', [hook]);
        await deleting.query('COMMIT');
        expect(await recorded).toEqual([]);
        await recording.query('COMMIT');
      } finally {
        deleting.release();
        recording.release();
      }
      expect(await attempts(deliveryId)).toEqual([]);
    });
  });
});
