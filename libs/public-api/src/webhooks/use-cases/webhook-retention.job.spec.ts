// The retention of webhook history: attempts made before WEBHOOK_DELIVERY_RETENTION_DAYS go, in batches, and the
// deliveries left without any; waiting attempts stay; stored payloads stay at least 30 days (longer when the
// retention is longer); the domain event log is never touched; a replica finding the lock taken prunes nothing.
import { randomUUID } from 'node:crypto';
import { WebhookDeliveryRepository, WebhookEventRepository } from '@gateway/persistence-public';
import { TestDatabase, createTestDatabase, seedOrganization } from '@gateway/testing';
import { WebhookRetentionJob } from './webhook-retention.job';
import { WebhookOptions } from '../model/webhook-options';
import { webhookTargetPolicy } from '../policies/webhook-target';

describe('WebhookRetentionJob', () => {
  let database: TestDatabase;
  let organizationId: string;
  let endpointId: string;

  const job = (deliveryRetentionDays: number) =>
    new WebhookRetentionJob(database.db, new WebhookDeliveryRepository(), new WebhookEventRepository(), {
      keyEncryptionKey: Buffer.alloc(32),
      targets: webhookTargetPolicy({}),
      deliveryRetentionDays,
    } satisfies WebhookOptions);

  /** A stored event `storedDaysAgo` old and one delivery of it, with attempts `[status, daysAgo]`; answers the webhook id. */
  const history = async (storedDaysAgo: number, attempts: ['PENDING' | 'SUCCEEDED' | 'FAILED', number][], eventType = 'inventory_level.changed') => {
    const webhookId = `msg_${randomUUID().replace(/-/g, '')}_${eventType}`;
    await database.db.query(
      `INSERT INTO webhook_events (webhook_id, organization_id, event_id, event_type, occurred_at, body, created_at)
       VALUES ($1, $2, gen_random_uuid(), $4, now() - make_interval(days => $3), '{}', now() - make_interval(days => $3))`,
      [webhookId, organizationId, storedDaysAgo, eventType],
    );
    const deliveryId = randomUUID();
    await database.db.query(
      `INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, webhook_id) VALUES ($1, $2, $3, gen_random_uuid(), $5, $4)`,
      [deliveryId, organizationId, endpointId, webhookId, eventType],
    );
    for (const [i, [status, daysAgo]] of attempts.entries()) {
      await database.db.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, recorded_at, attempted_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(days => $5), CASE WHEN $4 = 'PENDING' THEN NULL ELSE now() - make_interval(days => $5) END)`,
        [deliveryId, endpointId, i + 1, status, daysAgo],
      );
    }
    return webhookId;
  };
  const left = async () => {
    const { rows } = await database.db.query<{ webhook_id: string; delivered: boolean; attempts: number[] | null }>(
      `SELECT e.webhook_id, d.id IS NOT NULL AS delivered, (SELECT array_agg(a.attempt ORDER BY a.attempt) FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) AS attempts
         FROM webhook_events e LEFT JOIN webhook_deliveries d ON d.organization_id = e.organization_id AND d.webhook_id = e.webhook_id
        WHERE e.organization_id = $1`,
      [organizationId],
    );
    return Object.fromEntries(rows.map((r) => [r.webhook_id, r.delivered ? (r.attempts ?? []) : 'no delivery']));
  };
  const domainEvents = async () => (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM domain_events')).rows[0].n;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  beforeEach(async () => {
    organizationId = (await seedOrganization(database.db)).organizationId;
    endpointId = randomUUID();
    await database.db.query(
      `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, secret_ciphertext, created_by_client_id) VALUES ($1, $2, 'https://hooks.example.invalid/', '{inventory_level.changed}', 'x', 'c')`,
      [endpointId, organizationId],
    );
  });

  it('deletes the attempts made before the retention, and a delivery left without attempts; keeps waiting attempts and 30 days of payloads; never the domain event log', async () => {
    const recent = await history(1, [['SUCCEEDED', 1]]);
    const old = await history(10, [['SUCCEEDED', 10]]);
    const retried = await history(9, [
      ['FAILED', 9],
      ['FAILED', 3],
      ['SUCCEEDED', 2],
    ]);
    const waiting = await history(12, [
      ['FAILED', 12],
      ['PENDING', 11],
    ]);
    const expired = await history(31, [['SUCCEEDED', 31]]);
    const events = await domainEvents();
    expect(await job(7).prune()).toEqual({ attempts: 4, events: 1 });
    expect(await left()).toEqual({
      [recent]: [1],
      [old]: 'no delivery',
      [retried]: [2, 3],
      [waiting]: [2],
    });
    expect(await left()).not.toHaveProperty(expired);
    expect(await domainEvents()).toBe(events);
    expect(await job(7).prune()).toEqual({ attempts: 0, events: 0 });
  });

  it('deletes a test event with its delivery once past the delivery retention, not after the 30 days of payloads; keeps one whose retry waits', async () => {
    const tested = await history(10, [['SUCCEEDED', 10]], 'webhook.test');
    const retrying = await history(10, [
      ['FAILED', 10],
      ['PENDING', 9],
    ]);
    const testRetrying = await history(
      10,
      [
        ['FAILED', 10],
        ['PENDING', 9],
      ],
      'webhook.test',
    );
    const recent = await history(3, [['SUCCEEDED', 3]], 'webhook.test');
    expect(await job(7).prune()).toEqual({ attempts: 3, events: 1 });
    expect(await left()).toEqual({ [retrying]: [2], [testRetrying]: [2], [recent]: [1] });
    expect(await left()).not.toHaveProperty(tested);
  });

  it('keeps payloads as long as the retention when it is longer than 30 days, and works through more than one batch', async () => {
    const kept = await history(40, [['SUCCEEDED', 40]]);
    for (let i = 0; i < 3; i += 1)
      await history(70, [
        ['FAILED', 70],
        ['SUCCEEDED', 69],
      ]);
    // Six attempts and three payloads, two per transaction.
    expect(await job(60).prune(2)).toEqual({ attempts: 6, events: 3 });
    expect(await left()).toEqual({ [kept]: [1] });
  });

  it('prunes nothing while another replica holds the retention lock', async () => {
    const old = await history(10, [['SUCCEEDED', 10]]);
    const other = await database.db.pool.connect();
    try {
      await other.query('BEGIN');
      expect(await new WebhookDeliveryRepository().tryHoldRetentionLock(other)).toBe(true);
      expect(await job(7).prune()).toEqual({ attempts: 0, events: 0 });
      expect(await left()).toEqual({ [old]: [1] });
      await other.query('COMMIT');
    } finally {
      other.release();
    }
    // Once the lock is free (the earlier tests' leftovers of other organizations go too: the retention spans every organization).
    await job(7).prune();
    expect(await left()).toEqual({ [old]: 'no delivery' });
  });
});
