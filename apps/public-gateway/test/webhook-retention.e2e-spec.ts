// WEBHOOK_DELIVERY_RETENTION_DAYS reaches the job that prunes webhook delivery attempts in the running gateway.
import { randomUUID } from 'node:crypto';
import { WebhookRetentionJob } from '@gateway/public-api';
import { expectCheckedAnswers, seedOrganization } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

// This file checks a background job of the running gateway through its database: it asks the gateway nothing.
expectCheckedAnswers(0);

describe('webhook retention in the public gateway', () => {
  const { database, gateway } = usePublicGateway({ WEBHOOK_DELIVERY_RETENTION_DAYS: '3' });

  it('deletes attempts made more than WEBHOOK_DELIVERY_RETENTION_DAYS ago, not those within it', async () => {
    const { organizationId } = await seedOrganization(database.db);
    const endpointId = randomUUID();
    await database.db.query(
      `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, secret_ciphertext, created_by_client_id) VALUES ($1, $2, 'https://hooks.example.invalid/', '{inventory_level.changed}', 'x', 'c')`,
      [endpointId, organizationId],
    );
    const attempted = async (daysAgo: number) => {
      const webhookId = `msg_${randomUUID().replace(/-/g, '')}_inventory_level.changed`;
      await database.db.query(
        `INSERT INTO webhook_events (webhook_id, organization_id, event_id, event_type, occurred_at, body) VALUES ($1, $2, gen_random_uuid(), 'inventory_level.changed', now(), '{}')`,
        [webhookId, organizationId],
      );
      const deliveryId = randomUUID();
      await database.db.query(
        `INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, webhook_id) VALUES ($1, $2, $3, gen_random_uuid(), 'inventory_level.changed', $4)`,
        [deliveryId, organizationId, endpointId, webhookId],
      );
      await database.db.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, recorded_at) VALUES ($1, $2, 1, 'SUCCEEDED', now() - make_interval(days => $3))`,
        [deliveryId, endpointId, daysAgo],
      );
      return webhookId;
    };
    const within = await attempted(2);
    await attempted(4);
    expect(await gateway.app.get(WebhookRetentionJob, { strict: false }).prune()).toEqual({ attempts: 1, events: 0 });
    const { rows } = await database.db.query<{ webhook_id: string }>('SELECT webhook_id FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]);
    expect(rows.map((r) => r.webhook_id)).toEqual([within]);
  });
});
