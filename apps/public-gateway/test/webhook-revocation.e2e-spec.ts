// Revocation reaches webhooks (contract 7): revoking a CONNECTOR client disables the endpoints it created
// (CLIENT_REVOKED) in the revocation's own transaction, so no delivery or retry goes to them afterwards and
// they cannot be enabled again, while the organization's endpoints stay, also when one of the organization's
// own clients is revoked. An endpoint the connector registers with a token still in its last seconds after
// the revocation is refused. Revoked through ApiClientsService.revoke, the use case of `clients:revoke`.
import request from 'supertest';
import { ApiClientRepository, Database, WebhookEndpointRepository } from '@gateway/persistence';
import { ApiClientsService } from '@gateway/domain';
import {
  OpenApiValidator,
  SeededOrganization,
  TestClient,
  TestClientSpec,
  TestDatabase,
  createTestClient,
  createTestDatabase,
  seedOrganization,
  waitUntil,
  fulfilment,
} from '@gateway/testing';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

const ONE = '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}';
// One retry, 3 s after a failure.
const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '3', WEBHOOK_DISPATCH_INTERVAL_MS: '100' };

describe('revoking a client', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let validator: OpenApiValidator;
  let org: SeededOrganization;
  let hooks = 0;

  const http = () => request(gateway.app.getHttpServer());
  const at = (hookPath: string) => receiver.received.filter((r) => r.path === hookPath);
  const client = async (spec: TestClientSpec): Promise<TestClient & { token: string }> => {
    const created = await createTestClient(database.url, spec);
    const res = await http()
      .post('/oauth2/token')
      .type('form')
      .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: created.clientId, client_secret: created.clientSecret }).toString());
    return { ...created, token: res.body.access_token };
  };
  const register = async (token: string, eventTypes = ['inventory_level.changed']) => {
    const hookPath = `/revocation/${++hooks}`;
    const res = await http()
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url(hookPath), eventTypes });
    return { status: res.status, id: res.body.id as string, path: hookPath };
  };
  const endpointPath = (id: string) => `/v0/organizations/${org.organizationId}/webhook-endpoints/${id}`;
  const get = async (token: string, id: string) => {
    const res = await http().get(endpointPath(id)).set('Authorization', `Bearer ${token}`);
    expect(validator.errors('GET', ONE, res.status, res.body)).toEqual([]);
    return res;
  };
  const revoke = async (clientId: string) => {
    const db = new Database({ url: database.url, poolMax: 1 });
    try {
      return await new ApiClientsService(db, new ApiClientRepository(), new WebhookEndpointRepository()).revoke(clientId);
    } finally {
      await db.close();
    }
  };
  const receive = () => fulfilment(database.db).receive({ organizationId: org.organizationId, warehouseId: org.warehouseId, barcode: org.barcodes[0] }, 1);

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(database.url, WEBHOOK_ENV);
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
    org = await seedOrganization(database.db);
  });

  afterAll(async () => {
    await gateway.close();
    await receiver.close();
    await database.drop();
  });

  it("disables a revoked connector's endpoints (CLIENT_REVOKED) and sends them nothing more, no retry either; the organization's endpoints stay", async () => {
    const connector = await client({ type: 'CONNECTOR', connectionIds: [org.connectionId] });
    const service = await client({ type: 'SERVICE' });
    const failing = await register(connector.token);
    const paused = await register(connector.token);
    const organizations = await register(service.token);
    expect([failing.status, paused.status, organizations.status]).toEqual([201, 201, 201]);
    // Paused by hand before (PATCH enabled false does this): the revocation makes it final too.
    await database.db.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'MANUAL' WHERE id = $1`, [paused.id]);
    receiver.on(failing.path, (_req, res) => res.writeHead(500).end());
    await receive();
    await waitUntil(() => at(failing.path).length === 1 && at(organizations.path).length === 1);

    // Its retry waits 3 s; the revocation comes first.
    expect(await revoke(connector.clientId)).toBe(true);
    await receive();
    await waitUntil(() => at(organizations.path).length === 2);
    // Past the retry's 3 s: nothing came.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(at(failing.path)).toHaveLength(1);
    expect(at(paused.path)).toHaveLength(0);
    expect(at(organizations.path)).toHaveLength(2);
    const { rows } = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_delivery_attempts WHERE endpoint_id = ANY ($1::uuid[]) AND status = 'PENDING'`,
      [[failing.id, paused.id]],
    );
    expect(rows[0].n).toBe(0);
    for (const id of [failing.id, paused.id])
      expect((await get(service.token, id)).body).toEqual(expect.objectContaining({ id, enabled: false, disabledReason: 'CLIENT_REVOKED' }));
    expect((await get(service.token, organizations.id)).body).toEqual(expect.objectContaining({ enabled: true, disabledReason: null }));

    // Never enabled again, by anyone.
    for (const id of [failing.id, paused.id]) {
      const res = await http().patch(endpointPath(id)).set('Authorization', `Bearer ${service.token}`).send({ enabled: true });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(expect.objectContaining({ type: '/problems/webhook-endpoint-revoked', status: 409 }));
    }
    expect(
      (
        await http()
          .post(`${endpointPath(failing.id)}/test`)
          .set('Authorization', `Bearer ${service.token}`)
      ).status,
    ).toBe(409);
  });

  it("keeps the endpoints of an organization's own clients when that client is revoked", async () => {
    const service = await client({ type: 'SERVICE' });
    const own = await client({ type: 'ORGANIZATION', organizationId: org.organizationId });
    const owner = await client({ type: 'USER', userId: org.ownerId });
    const registered = [await register(own.token), await register(owner.token), await register(service.token)];
    const reader = await client({ type: 'SERVICE' });
    for (const c of [own, owner, service]) expect(await revoke(c.clientId)).toBe(true);
    for (const { id } of registered) expect((await get(reader.token, id)).body).toEqual(expect.objectContaining({ id, enabled: true, disabledReason: null }));
    await receive();
    await waitUntil(() => registered.every((e) => at(e.path).length === 1));
  });

  it('refuses an endpoint a revoked connector registers with a token still in its last seconds', async () => {
    const connector = await client({ type: 'CONNECTOR', connectionIds: [org.connectionId] });
    // The gateway has seen the token valid: it trusts that for up to 30 s more.
    expect((await http().get('/v0/whoami').set('Authorization', `Bearer ${connector.token}`)).status).toBe(200);
    await revoke(connector.clientId);
    const late = await register(connector.token);
    expect(late.status).toBe(403);
    const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE created_by_client_id = $1', [
      connector.clientId,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
