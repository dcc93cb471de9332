// Webhook endpoints (contract 6.3): create with the secret shown once and stored encrypted, list, get,
// delete; who manages which endpoints; the URL rules; every answer checked against the OpenAPI document.
import request from 'supertest';
import { OpenApiValidator, SeededOrganization, seedOrganization } from '@gateway/testing';
import { callerTokens, mintToken } from './support/caller-tokens';
import { usePublicGateway } from './support/start-public-gateway';

const COLLECTION = '/v0/organizations/{organizationId}/webhook-endpoints';
const ONE = '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}';
const MISSING = '00000000-0000-4000-8000-000000000000';
const NOT_HTTPS = 'must be https (plain http only to a host and port of WEBHOOK_ALLOWED_HOSTS)';
const NOT_PUBLIC = 'must not be a loopback, private, link-local or other non-public address (unless WEBHOOK_ALLOWED_HOSTS lists it with this port)';

describe('webhook endpoints', () => {
  // 3001 and 9464 stand for the internal gateway's port and a metrics port (as npm start and compose fill them).
  const { database, gateway } = usePublicGateway({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost,127.0.0.3:9000', WEBHOOK_DENIED_PORTS: '3001,9464' });
  let own: SeededOrganization;
  let other: SeededOrganization;
  let validator: OpenApiValidator;
  const tokens: Record<string, string> = {};

  const http = () => request(gateway.app.getHttpServer());
  const collection = (organizationId = own.organizationId) => `/v0/organizations/${organizationId}/webhook-endpoints`;
  // A 204 has no body to check (the ResponseRecorder checks that it is documented).
  const check = (method: string, template: string, res: request.Response) => {
    if (res.status !== 204) expect(validator.errors(method, template, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const create = async (who: string, body: object, organizationId = own.organizationId) =>
    check('POST', COLLECTION, await http().post(collection(organizationId)).set('Authorization', `Bearer ${tokens[who]}`).send(body));
  const get = async (who: string, path: string, template: string) => check('GET', template, await http().get(path).set('Authorization', `Bearer ${tokens[who]}`));
  const remove = async (who: string, path: string) => check('DELETE', ONE, await http().delete(path).set('Authorization', `Bearer ${tokens[who]}`));
  const endpoint = { url: 'https://hooks.example.invalid/warehouse', eventTypes: ['sales_order.created', 'sales_order.shipped'], description: 'orders' };

  beforeAll(async () => {
    own = await seedOrganization(database.db);
    other = await seedOrganization(database.db, { warehouseId: own.warehouseId });
    Object.assign(tokens, await callerTokens(gateway, database.url, own));
    tokens.otherConnector = await mintToken(gateway, database.url, { type: 'CONNECTOR', connectionIds: [own.connectionId] });
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
  });

  it('creates an endpoint with its secret shown once, stored only encrypted', async () => {
    const res = await create('organization', endpoint);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), ...endpoint, createdAt: expect.stringMatching(/Z$/), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    expect(Buffer.from(res.body.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const { rows } = await database.db.query('SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1', [res.body.id]);
    expect(rows[0].secret_ciphertext).not.toContain(res.body.secret.slice('whsec_'.length));
    expect(rows[0].secret_ciphertext).toMatch(/^v1\./);
    const { secret: _secret, ...withoutSecret } = res.body;
    expect((await get('organization', `${collection()}/${res.body.id}`, ONE)).body).toEqual(withoutSecret);
    const list = await get('organization', collection(), COLLECTION);
    expect(list.body.items).toContainEqual(withoutSecret);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('answers description null when none was sent', async () => {
    const res = await create('service', { url: 'https://hooks.example.invalid/b', eventTypes: ['inventory_level.changed'] });
    expect(res.status).toBe(201);
    expect(res.body.description).toBeNull();
  });

  it('deletes with 204, then the endpoint is 404', async () => {
    const created = await create('owner', endpoint);
    const path = `${collection()}/${created.body.id}`;
    const res = await remove('owner', path);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await get('owner', path, ONE)).status).toBe(404);
    expect((await remove('owner', path)).status).toBe(404);
  });

  it.each([
    [{ ...endpoint, url: 'http://hooks.example.invalid/x' }, '/url', NOT_HTTPS],
    [{ ...endpoint, url: 'ftp://hooks.example.invalid/x' }, '/url', NOT_HTTPS],
    [{ ...endpoint, url: 'https://user:pw@hooks.example.invalid/x' }, '/url', 'must not carry credentials'],
    [{ ...endpoint, url: 'not a url' }, '/url', 'must be an absolute URL'],
    [{ ...endpoint, eventTypes: [] }, '/eventTypes', 'must name at least 1 event type'],
    [{ ...endpoint, eventTypes: ['order.created'] }, '/eventTypes', expect.stringContaining('must hold only')],
    [{ ...endpoint, eventTypes: ['sales_order.created', 'sales_order.created'] }, '/eventTypes', 'must not repeat an event type'],
    [{ ...endpoint, secret: 'whsec_mine' }, '/secret', 'is not a known property'],
  ])('refuses %j with 400 at its pointer', async (body, pointer, message) => {
    const res = await create('organization', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ pointer, message });
  });

  it('takes plain http to a host of WEBHOOK_ALLOWED_HOSTS', async () => {
    expect((await create('organization', { ...endpoint, url: 'http://127.0.0.1:9/hook' })).status).toBe(201);
    expect((await create('organization', { ...endpoint, url: 'http://127.0.0.2:9/hook' })).status).toBe(400);
  });

  describe('targets the gateway must not post to (contract 7), refused at registration', () => {
    const refusedAt = async (url: string) => {
      const res = await create('organization', { ...endpoint, url });
      expect([res.status, res.body.type, res.body.errors]).toEqual([400, expect.any(String), [expect.objectContaining({ pointer: '/url' })]]);
      return res.body.errors[0].message;
    };
    const acceptedAt = async (url: string) => {
      const res = await create('organization', { ...endpoint, url });
      expect(res.status).toBe(201);
      // Not kept: the endpoints of one organization are limited in number.
      expect((await remove('organization', `${collection()}/${res.body.id}`)).status).toBe(204);
    };

    it('refuses the IPv4-compatible, IPv4-translated and NAT64 forms of an address, though 127.0.0.1 is allowed', async () => {
      await acceptedAt('https://127.0.0.1/hook');
      for (const url of ['https://[::127.0.0.1]/', 'https://[::ffff:0:127.0.0.1]/hook', 'https://[64:ff9b::127.0.0.1]/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://[::169.254.169.254]/latest']) {
        expect(await refusedAt(url)).toBe(NOT_PUBLIC);
      }
    });

    it("refuses the gateways' own ports on an allowed host: the internal gateway's, a metrics port and this gateway's", async () => {
      expect(await refusedAt('http://127.0.0.1:3001/internal-tools/dispatch-command')).toBe('must not use port 3001, a port of the gateways themselves');
      expect(await refusedAt('http://localhost:9464/metrics')).toBe('must not use port 9464, a port of the gateways themselves');
      const ownPort = new URL(gateway.url).port;
      expect(await refusedAt(`http://127.0.0.1:${ownPort}/v0/whoami`)).toBe(`must not use port ${ownPort}, a port of the gateways themselves`);
      await acceptedAt('http://127.0.0.1:3002/hook');
    });

    it('takes a host:port entry of WEBHOOK_ALLOWED_HOSTS for that port and no other', async () => {
      await acceptedAt('http://127.0.0.3:9000/hook');
      await acceptedAt('https://127.0.0.3:9000/hook');
      expect(await refusedAt('http://127.0.0.3:9001/hook')).toBe(NOT_HTTPS);
      expect(await refusedAt('https://127.0.0.3:9001/hook')).toBe(NOT_PUBLIC);
      expect(await refusedAt('https://127.0.0.3/hook')).toBe(NOT_PUBLIC);
    });
  });

  it.each([
    ['owner', 201],
    ['member', 403],
    ['organization', 201],
    ['connector', 201],
    ['service', 201],
  ])('a %s creating an endpoint of its organization gets %d, and 403 in another organization (a service: 201)', async (who, status) => {
    expect((await create(who, endpoint)).status).toBe(status);
    expect((await create(who, endpoint, other.organizationId)).status).toBe(who === 'service' ? 201 : 403);
    expect((await get(who, collection(other.organizationId), COLLECTION)).status).toBe(who === 'service' ? 200 : 403);
  });

  it('a connector sees and deletes only its own endpoints; the organization manages them all', async () => {
    const mine = (await create('connector', endpoint)).body;
    const theirs = (await create('otherConnector', endpoint)).body;
    const organizations = (await create('organization', endpoint)).body;
    const listed = (await get('connector', collection(), COLLECTION)).body.items.map((e: { id: string }) => e.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    expect(listed).not.toContain(organizations.id);
    expect((await get('connector', `${collection()}/${theirs.id}`, ONE)).status).toBe(404);
    expect((await remove('connector', `${collection()}/${organizations.id}`)).status).toBe(404);
    expect((await get('organization', `${collection()}/${theirs.id}`, ONE)).status).toBe(200);
    expect((await remove('organization', `${collection()}/${theirs.id}`)).status).toBe(204);
    expect((await remove('connector', `${collection()}/${mine.id}`)).status).toBe(204);
  });

  it('answers 404 for an unknown endpoint, and one of another organization', async () => {
    const elsewhere = (await create('service', endpoint, other.organizationId)).body;
    expect((await get('service', `${collection()}/${MISSING}`, ONE)).status).toBe(404);
    expect((await get('service', `${collection()}/${elsewhere.id}`, ONE)).status).toBe(404);
    expect((await remove('service', `${collection()}/${elsewhere.id}`)).status).toBe(404);
  });
});
