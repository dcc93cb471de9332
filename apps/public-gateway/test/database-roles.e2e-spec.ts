// Two database roles, as a deployment has them: migrate runs as the role that owns the database and sets up
// the gateways' role; the public gateway then boots on that role alone and serves reads and writes (a token,
// whoami, a webhook endpoint, a sales order delivered to it through the job queue), while that role is
// refused every change to the schema.
import pg from 'pg';
import request from 'supertest';
import { Database, grantRuntimeRole, migrate } from '@gateway/persistence';
import { RoleDatabase, SeededOrganization, createRoleDatabase, createTestClient, seedOrganization, waitUntil } from '@gateway/testing';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';
import { WebhookReceiver, startWebhookReceiver } from './support/webhook-receiver';

describe('public gateway on the runtime role', () => {
  let roles: RoleDatabase;
  let owner: Database;
  let gateway: RunningGateway;
  let receiver: WebhookReceiver;
  let org: SeededOrganization;
  let token: string;
  let clientId: string;
  const http = () => request(gateway.app.getHttpServer());

  beforeAll(async () => {
    roles = await createRoleDatabase();
    owner = new Database({ url: roles.owner.url, poolMax: 2 });
    await migrate(owner);
    await grantRuntimeRole(owner, { name: roles.runtime.name, password: roles.runtime.password });
    // Operators' work (clients, data) goes through the admin CLI, as the owner.
    org = await seedOrganization(owner);
    const client = await createTestClient(roles.owner.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
    clientId = client.clientId;
    receiver = await startWebhookReceiver();
    gateway = await startPublicGateway(roles.runtime.url, { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_DISPATCH_INTERVAL_MS: '100' });
    const minted = await http()
      .post('/oauth2/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    expect(minted.status).toBe(200);
    token = minted.body.access_token;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await receiver?.close();
    await owner?.close();
    await roles?.drop();
  });

  it('connects as the runtime role only', async () => {
    const { rows } = await owner.query(
      "SELECT DISTINCT usename AS role FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'public-gateway%'",
    );
    expect(rows).toEqual([{ role: roles.runtime.name }]);
  });

  it('serves a read, and writes that go through the job queue', async () => {
    const whoami = await http().get('/v0/whoami').set('Authorization', `Bearer ${token}`);
    expect(whoami.status).toBe(200);
    expect(whoami.body).toEqual({ clientType: 'ORGANIZATION', clientId, organizationId: org.organizationId });
    const endpoint = await http()
      .post(`/v0/organizations/${org.organizationId}/webhook-endpoints`)
      .set('Authorization', `Bearer ${token}`)
      .send({ url: receiver.url('/roles'), eventTypes: ['sales_order.created'] });
    expect(endpoint.status).toBe(201);
    const order = await http()
      .post(`/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`)
      .set('Authorization', `Bearer ${token}`)
      .send({ orderReference: 'ROLES-1', customer: { firstName: 'Ada' }, lineItems: [{ sku: 'any', barcode: org.barcodes[0], quantity: 1 }] });
    expect(order.status).toBe(201);
    await waitUntil(() => receiver.received.some((r) => r.path === '/roles'));
    const delivered = JSON.parse(receiver.received.find((r) => r.path === '/roles')!.body);
    expect(delivered).toEqual({
      type: 'sales_order.created',
      timestamp: expect.any(String),
      environment: 'live',
      data: expect.objectContaining({ id: order.body.id, orderReference: 'ROLES-1' }),
    });
  });

  it.each([
    ['CREATE TABLE', 'CREATE TABLE probe (id int)', 'permission denied for schema public'],
    ['ALTER TABLE', 'ALTER TABLE webhook_endpoints ADD COLUMN probe int', 'must be owner of table webhook_endpoints'],
    ['DROP TABLE', 'DROP TABLE webhook_endpoints', 'must be owner of table webhook_endpoints'],
  ])('refuses %s to the runtime role', async (_, sql, message) => {
    const runtime = new pg.Client({ connectionString: roles.runtime.url });
    await runtime.connect();
    try {
      await expect(runtime.query(sql)).rejects.toMatchObject({ code: '42501', message });
    } finally {
      await runtime.end();
    }
  });
});
