// What an endpoint's state does to its deliveries (contract 6.5), as a receiver on 127.0.0.1 sees it: while
// a rotated secret's overlap lasts every delivery carries both signatures, each verifiable on its own; a
// disabled endpoint is sent nothing, whoever wrote its attempts; failing_since follows failures and
// successes, and an endpoint whose every attempt failed for WEBHOOK_DISABLE_AFTER_FAILING_SECONDS is
// disabled as FAILING and sent nothing more. The rotate-secret and PATCH operations set these columns
// elsewhere; here the test sets them.
import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { encryptWebhookSecret, parseKeyEncryptionKey } from '@gateway/domain';
import { SeededOrganization, TEST_KEY_ENCRYPTION_KEY, TestDatabase, createTestDatabase, seedOrganization, waitUntil, fulfilment } from '@gateway/testing';
import { mintToken } from './support/caller-tokens';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { GatewayMetrics } from '@gateway/platform';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const DISABLE_AFTER_SECONDS = 1;
const WEBHOOK_ENV = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_DISPATCH_INTERVAL_MS: '100',
  WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1',
  WEBHOOK_DISABLE_AFTER_FAILING_SECONDS: String(DISABLE_AFTER_SECONDS),
};

describe('webhook endpoint state', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let gateway: RunningGateway;
  let org: SeededOrganization;
  let token: string;
  let path = 0;

  const register = async () => {
    const hookPath = `/state/${++path}`;
    const res = await request(gateway.app.getHttpServer())
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url(hookPath), eventTypes: ['inventory_level.changed'] });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, secret: res.body.secret as string, path: hookPath };
  };
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);
  const change = () => fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1);
  const endpointRow = async (id: string) =>
    (
      await database.db.query<{ enabled: boolean; disabled_reason: string | null; failing_since: Date | null }>(
        'SELECT enabled, disabled_reason, failing_since FROM webhook_endpoints WHERE id = $1',
        [id],
      )
    ).rows[0];
  const pending = async (id: string) =>
    (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE endpoint_id = $1 AND status = 'PENDING'`, [id]))
      .rows[0].n;

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    org = await seedOrganization(database.db);
    token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it('signs with the new and the previous secret while the overlap lasts, and with the new one alone after it', async () => {
    const endpoint = await register();
    const previous = endpoint.secret;
    const next = `whsec_${randomBytes(32).toString('base64')}`;
    // What a rotation with an hour of overlap leaves.
    await database.db.query(
      `UPDATE webhook_endpoints SET previous_secret_ciphertext = secret_ciphertext, secret_ciphertext = $2, previous_secret_expires_at = now() + interval '1 hour' WHERE id = $1`,
      [
        endpoint.id,
        encryptWebhookSecret(next, parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY), { organizationId: org.organizationId, endpointId: endpoint.id }),
      ],
    );
    await change();
    await waitUntil(() => at(endpoint.path).length === 1);
    const [during] = at(endpoint.path);
    const signatures = during.headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => /^v1,[A-Za-z0-9+/]{43}=$/.test(s))).toBe(true);
    // A receiver holding either secret verifies the same delivery; one holding another secret does not.
    const payload = new Webhook(next).verify(during.body, during.headers);
    expect(new Webhook(previous).verify(during.body, during.headers)).toEqual(payload);
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(during.body, during.headers)).toThrow();

    await database.db.query(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [endpoint.id]);
    await change();
    await waitUntil(() => at(endpoint.path).length === 2);
    const after = at(endpoint.path)[1];
    expect(after.headers['webhook-signature'].split(' ')).toHaveLength(1);
    new Webhook(next).verify(after.body, after.headers);
    expect(() => new Webhook(previous).verify(after.body, after.headers)).toThrow();
    await database.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
  });

  it('sends a disabled endpoint nothing, even attempts written for it by another producer', async () => {
    const [disabled, enabled] = [await register(), await register()];
    await database.db.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'MANUAL' WHERE id = $1`, [disabled.id]);
    // One webhook event and a PENDING attempt due now for each endpoint, as any producer writes them, the
    // disabled endpoint's first.
    const webhookId = `msg_${randomUUID().replace(/-/g, '')}_inventory_level.changed`;
    const body = JSON.stringify({
      type: 'inventory_level.changed',
      timestamp: new Date().toISOString(),
      data: { warehouseId: org.warehouseId, barcode: org.barcodes[0], onHand: 1, sellable: 1 },
    });
    await database.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO webhook_events (webhook_id, organization_id, event_id, event_type, occurred_at, warehouse_id, body) VALUES ($1, $2, gen_random_uuid(), 'inventory_level.changed', now(), $3, $4)`,
        [webhookId, org.organizationId, org.warehouseId, body],
      );
      for (const endpoint of [disabled, enabled]) {
        const deliveryId = randomUUID();
        await tx.query(
          `INSERT INTO webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, webhook_id) VALUES ($1, $2, $3, gen_random_uuid(), 'inventory_level.changed', $4)`,
          [deliveryId, org.organizationId, endpoint.id, webhookId],
        );
        await tx.query(
          `INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status, next_attempt_at) VALUES ($1, $2, 1, 'PENDING', now())`,
          [deliveryId, endpoint.id],
        );
      }
    });
    await waitUntil(() => at(enabled.path).length === 1);
    // The claim that found the enabled endpoint's attempt passed over the disabled one's, older and due.
    const { rows } = await database.db.query<{ status: string; claimed: boolean }>(
      `SELECT status, claimed_until IS NOT NULL AS claimed FROM webhook_delivery_attempts WHERE endpoint_id = $1`,
      [disabled.id],
    );
    expect(rows).toEqual([{ status: 'PENDING', claimed: false }]);
    expect(at(disabled.path)).toHaveLength(0);
    // A change now is not fanned out to it either.
    await change();
    await waitUntil(() => at(enabled.path).length === 2);
    expect(at(disabled.path)).toHaveLength(0);
    await database.db.query('DELETE FROM webhook_endpoints WHERE id = ANY ($1::uuid[])', [[disabled.id, enabled.id]]);
  });

  it('keeps failing_since from the first failure, clears it on a success, and does not disable an endpoint that answered', async () => {
    const endpoint = await register();
    let calls = 0;
    receiver.on(endpoint.path, (_req, res) => res.writeHead(++calls === 1 ? 500 : 204).end());
    await change();
    await waitUntil(() => at(endpoint.path).length === 1);
    await waitUntilAsync(async () => (await endpointRow(endpoint.id)).failing_since !== null);
    const failingSince = (await endpointRow(endpoint.id)).failing_since as Date;
    expect(Math.abs(failingSince.getTime() - at(endpoint.path)[0].at)).toBeLessThan(1000);
    // The retry, a second later, succeeds.
    await waitUntil(() => at(endpoint.path).length === 2);
    await waitUntilAsync(async () => (await endpointRow(endpoint.id)).failing_since === null);
    expect(await endpointRow(endpoint.id)).toEqual({ enabled: true, disabled_reason: null, failing_since: null });
    await database.db.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
  });

  it('disables an endpoint whose every attempt has failed for the configured time, as FAILING, and sends it nothing more', async () => {
    const disabledCount = async () =>
      (await gateway.app.get(GatewayMetrics).registry.getSingleMetric('gateway_webhook_endpoints_auto_disabled_total')!.get()).values[0]?.value ?? 0;
    const disabledBefore = await disabledCount();
    const endpoint = await register();
    receiver.on(endpoint.path, (_req, res) => res.writeHead(503).end());
    await change();
    // The first attempt fails; the retry a second later fails too, a second after the first failure.
    await waitUntilAsync(async () => (await endpointRow(endpoint.id)).enabled === false);
    // Counted once in the metrics (what the EndpointsAutoDisabled alert reads).
    await waitUntilAsync(async () => (await disabledCount()) === disabledBefore + 1);
    const row = await endpointRow(endpoint.id);
    expect(row).toEqual({ enabled: false, disabled_reason: 'FAILING', failing_since: expect.any(Date) });
    const attemptsWhenDisabled = at(endpoint.path).length;
    expect(attemptsWhenDisabled).toBeGreaterThanOrEqual(2);
    // Its PENDING retries are dropped, and later changes are not fanned out to it.
    expect(await pending(endpoint.id)).toBe(0);
    await change();
    const other = await register();
    await change();
    await waitUntil(() => at(other.path).length === 1);
    // The schedule would have retried within a second or two.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(at(endpoint.path)).toHaveLength(attemptsWhenDisabled);
    const listed = await request(gateway.app.getHttpServer())
      .get(`/v0/organizations/${org.organizationId}/webhook-endpoints/${endpoint.id}/deliveries`)
      .set('Authorization', `Bearer ${token}`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.every((d: { status: string; responseStatus: number }) => d.status === 'FAILED' && d.responseStatus === 503)).toBe(true);
  });
});

async function waitUntilAsync(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
