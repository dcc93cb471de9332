// Recording a delivery attempt while its endpoint is being deleted: the two take the endpoint's row first,
// so neither waits for the other while holding what the other needs (the order deadlocked before).
import { randomUUID } from 'node:crypto';
import { TestDatabase, createTestDatabase } from '@gateway/testing';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';

describe('WebhookDeliveryRepository.recordOutcome against a deletion of the endpoint', () => {
  let database: TestDatabase;
  const deliveries = new WebhookDeliveryRepository();
  const organizationId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.query(`INSERT INTO organizations (id, name) VALUES ($1, 'deletion race')`, [organizationId]);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('records nothing and does not deadlock when the deletion holds the endpoint first', async () => {
    const endpointId = randomUUID();
    const deliveryId = randomUUID();
    await database.db.query(
      `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, secret_ciphertext, created_by_client_id) VALUES ($1, $2, 'http://127.0.0.1/hook', '{inventory_level.changed}', 'x', 'client')`,
      [endpointId, organizationId],
    );
    await deliveries.storeEvents(database.db, [
      { webhookId: 'msg_1', organizationId, eventId: randomUUID(), eventType: 'inventory_level.changed', occurredAt: new Date().toISOString(), storeId: null, warehouseId: null, body: '{}' },
    ]);
    await database.db.query(`INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, webhook_id) VALUES ($1, $3, $2, gen_random_uuid(), 'inventory_level.changed', 'msg_1')`, [
      deliveryId,
      endpointId,
      organizationId,
    ]);
    await database.db.query(`INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status) VALUES ($1, $2, 1, 'PENDING')`, [deliveryId, endpointId]);

    const deleting = await database.db.pool.connect();
    const recording = await database.db.pool.connect();
    try {
      await deleting.query('BEGIN');
      await recording.query('BEGIN');
      // What DELETE takes first: the endpoint's row.
      await deleting.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [endpointId]);
      const recorded = deliveries.recordOutcome(recording, { deliveryId, attempt: 1, status: 'FAILED', responseStatus: 500, retryInSeconds: 1 });
      // Give the recording time to take whatever it takes before it waits.
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The cascade to the deliveries and attempts: it would wait for an attempt row the recording holds.
      await deleting.query(`SET LOCAL lock_timeout = '2s'`);
      await deleting.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpointId]);
      await deleting.query('COMMIT');
      expect(await recorded).toBe(false);
      await recording.query('COMMIT');
    } finally {
      deleting.release();
      recording.release();
    }
    const { rows } = await database.db.query('SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE delivery_id = $1', [deliveryId]);
    expect(rows[0].n).toBe(0);
  });
});
