// Webhook endpoints (contracts 6.3, 6.5 and 7): create with the secret shown once and stored encrypted, list,
// get, change (PATCH), roll the secret, delete; who manages which endpoints; the URL rules; the cap on
// endpoints per organization, under concurrent creations; every answer checked against the OpenAPI document.
import request from 'supertest';
import { OpenApiValidator, SeededOrganization, seedOrganization } from '@gateway/testing';
import { callerTokens, mintToken } from './support/caller-tokens';
import { usePublicGateway } from './support/start-public-gateway';

const COLLECTION = '/v0/organizations/{organizationId}/webhook-endpoints';
const ONE = '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}';
const ROTATE = '/v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/rotate-secret';
const MISSING = '00000000-0000-4000-8000-000000000000';
const NOT_HTTPS = 'must be https (plain http only to a host and port of WEBHOOK_ALLOWED_HOSTS)';
const NOT_PUBLIC = 'must not be a loopback, private, link-local or other non-public address (unless WEBHOOK_ALLOWED_HOSTS lists it with this port)';

describe('webhook endpoints', () => {
  // 3001 and 9464 stand for the internal gateway's port and a metrics port (as npm start and compose fill them).
  // The cap has tests of its own (below); these register many endpoints in one organization.
  const { database, gateway } = usePublicGateway({
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1,localhost,127.0.0.3:9000',
    WEBHOOK_DENIED_PORTS: '3001,9464',
    WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION: '100',
  });
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
  const get = async (who: string, path: string, template: string) =>
    check('GET', template, await http().get(path).set('Authorization', `Bearer ${tokens[who]}`));
  const remove = async (who: string, path: string) => check('DELETE', ONE, await http().delete(path).set('Authorization', `Bearer ${tokens[who]}`));
  const patch = async (who: string, path: string, body: object) =>
    check('PATCH', ONE, await http().patch(path).set('Authorization', `Bearer ${tokens[who]}`).send(body));
  const rotate = async (who: string, path: string, body?: object) => {
    const req = http().post(`${path}/rotate-secret`).set('Authorization', `Bearer ${tokens[who]}`);
    return check('POST', ROTATE, await (body === undefined ? req : req.send(body)));
  };
  const secretsOf = async (id: string) =>
    (
      await database.db.query<{ secret_ciphertext: string; previous_secret_ciphertext: string | null; overlap: number | null }>(
        `SELECT secret_ciphertext, previous_secret_ciphertext, extract(epoch FROM previous_secret_expires_at - now())::int AS overlap FROM webhook_endpoints WHERE id = $1`,
        [id],
      )
    ).rows[0];
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
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...endpoint,
      enabled: true,
      disabledReason: null,
      createdAt: expect.stringMatching(/Z$/),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(res.body.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const { rows } = await database.db.query('SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1', [res.body.id]);
    expect(rows[0].secret_ciphertext).not.toContain(res.body.secret.slice('whsec_'.length));
    expect(rows[0].secret_ciphertext).toMatch(/^v2\./);
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
      for (const url of [
        'https://[::127.0.0.1]/',
        'https://[::ffff:0:127.0.0.1]/hook',
        'https://[64:ff9b::127.0.0.1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[::169.254.169.254]/latest',
      ]) {
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

  describe('PATCH', () => {
    it('changes only the properties sent and answers the endpoint without its secret', async () => {
      const created = (await create('organization', endpoint)).body;
      const path = `${collection()}/${created.id}`;
      const changed = await patch('organization', path, { url: 'https://hooks.example.invalid/v2', eventTypes: ['inventory_level.changed'] });
      expect(changed.status).toBe(200);
      const { secret: _secret, ...before } = created;
      expect(changed.body).toEqual({ ...before, url: 'https://hooks.example.invalid/v2', eventTypes: ['inventory_level.changed'] });
      expect((await patch('organization', path, { description: null })).body.description).toBeNull();
      expect((await patch('organization', path, { description: 'again' })).body).toEqual({ ...changed.body, description: 'again' });
      // Nothing sent, nothing changed.
      expect((await patch('organization', path, {})).body).toEqual({ ...changed.body, description: 'again' });
      expect((await get('organization', path, ONE)).body).toEqual({ ...changed.body, description: 'again' });
    });

    it('disables (MANUAL) and enables again; an endpoint disabled as FAILING can be enabled, its failure window started over', async () => {
      const { id } = (await create('owner', endpoint)).body;
      const path = `${collection()}/${id}`;
      expect((await patch('owner', path, { enabled: false })).body).toEqual(expect.objectContaining({ enabled: false, disabledReason: 'MANUAL' }));
      // Disabling again keeps it as it is.
      expect((await patch('owner', path, { enabled: false })).body).toEqual(expect.objectContaining({ enabled: false, disabledReason: 'MANUAL' }));
      expect((await patch('owner', path, { enabled: true })).body).toEqual(expect.objectContaining({ enabled: true, disabledReason: null }));
      await database.db.query(
        `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'FAILING', failing_since = now() - interval '6 days' WHERE id = $1`,
        [id],
      );
      expect((await get('owner', path, ONE)).body).toEqual(expect.objectContaining({ enabled: false, disabledReason: 'FAILING' }));
      expect((await patch('owner', path, { enabled: true })).body).toEqual(expect.objectContaining({ enabled: true, disabledReason: null }));
      const { rows } = await database.db.query('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [id]);
      expect(rows[0].failing_since).toBeNull();
    });

    it('refuses to enable an endpoint disabled because its connector was revoked (409), but still changes its other properties', async () => {
      const { id } = (await create('connector', endpoint)).body;
      await database.db.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'CLIENT_REVOKED' WHERE id = $1`, [id]);
      const path = `${collection()}/${id}`;
      const res = await patch('organization', path, { enabled: true, description: 'not this' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual(expect.objectContaining({ type: '/problems/webhook-endpoint-revoked', status: 409 }));
      expect((await get('organization', path, ONE)).body).toEqual(
        expect.objectContaining({ enabled: false, disabledReason: 'CLIENT_REVOKED', description: 'orders' }),
      );
      expect((await patch('organization', path, { description: 'renamed' })).body).toEqual(
        expect.objectContaining({ enabled: false, disabledReason: 'CLIENT_REVOKED', description: 'renamed' }),
      );
    });

    it.each([
      [{ url: 'http://hooks.example.invalid/x' }, '/url', NOT_HTTPS],
      [{ url: 'https://user:pw@hooks.example.invalid/x' }, '/url', 'must not carry credentials'],
      [{ url: 'http://127.0.0.2:9/hook' }, '/url', NOT_HTTPS],
      [{ url: 'https://[::127.0.0.1]/hook' }, '/url', NOT_PUBLIC],
      [{ url: 'http://127.0.0.1:3001/internal-tools/dispatch-command' }, '/url', 'must not use port 3001, a port of the gateways themselves'],
      [{ url: '' }, '/url', 'must be 1 to 2048 characters'],
      [{ eventTypes: [] }, '/eventTypes', 'must name at least 1 event type'],
      [{ eventTypes: ['webhook.test'] }, '/eventTypes', expect.stringContaining('must hold only')],
      [{ description: 'x'.repeat(501) }, '/description', 'must be at most 500 characters'],
      [{ enabled: 'yes' }, '/enabled', 'must be true or false'],
      [{ secret: 'whsec_mine' }, '/secret', 'is not a known property'],
    ])('refuses %j with 400 at its pointer, changing nothing', async (body, pointer, message) => {
      const created = (await create('organization', endpoint)).body;
      const path = `${collection()}/${created.id}`;
      const res = await patch('organization', path, body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ pointer, message });
      const { secret: _secret, ...unchanged } = created;
      expect((await get('organization', path, ONE)).body).toEqual(unchanged);
      await remove('organization', path);
    });

    it('answers 404 for an unknown endpoint, one of another organization, and another connector’s; 403 to a member', async () => {
      const elsewhere = (await create('service', endpoint, other.organizationId)).body;
      const theirs = (await create('otherConnector', endpoint)).body;
      const mine = (await create('connector', endpoint)).body;
      expect((await patch('service', `${collection()}/${MISSING}`, { enabled: false })).status).toBe(404);
      expect((await patch('service', `${collection()}/${elsewhere.id}`, { enabled: false })).status).toBe(404);
      expect((await patch('connector', `${collection()}/${theirs.id}`, { enabled: false })).status).toBe(404);
      expect((await patch('connector', `${collection()}/${mine.id}`, { enabled: false })).status).toBe(200);
      expect((await patch('member', `${collection()}/${mine.id}`, { enabled: true })).status).toBe(403);
      expect((await patch('connector', `${collection(other.organizationId)}/${elsewhere.id}`, { enabled: true })).status).toBe(403);
      expect((await get('service', `${collection(other.organizationId)}/${elsewhere.id}`, ONE)).body.enabled).toBe(true);
      for (const [who, id, organizationId] of [
        ['service', elsewhere.id, other.organizationId],
        ['otherConnector', theirs.id, own.organizationId],
        ['connector', mine.id, own.organizationId],
      ]) {
        expect((await remove(who, `${collection(organizationId)}/${id}`)).status).toBe(204);
      }
    });
  });

  describe('rotate-secret', () => {
    it('answers a new secret once, keeps the old one as the previous for the overlap (a day by default), and never lists either', async () => {
      const created = (await create('organization', endpoint)).body;
      const path = `${collection()}/${created.id}`;
      const before = await secretsOf(created.id);
      const res = await rotate('organization', path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
      expect(res.body.secret).not.toBe(created.secret);
      const after = await secretsOf(created.id);
      expect(after.previous_secret_ciphertext).toBe(before.secret_ciphertext);
      expect(after.secret_ciphertext).not.toBe(before.secret_ciphertext);
      expect(after.secret_ciphertext).not.toContain(res.body.secret.slice('whsec_'.length));
      expect(after.overlap).toBeGreaterThan(86_400 - 60);
      expect(after.overlap).toBeLessThanOrEqual(86_400);
      const listed = JSON.stringify((await get('organization', collection(), COLLECTION)).body);
      expect(listed).not.toContain('whsec_');
      // A second roll with an overlap of an hour: the secret of the first roll is now the previous one.
      const again = await rotate('organization', path, { overlapSeconds: 3600 });
      const third = await secretsOf(created.id);
      expect(third.previous_secret_ciphertext).toBe(after.secret_ciphertext);
      expect(third.overlap).toBeGreaterThan(3600 - 60);
      expect(third.overlap).toBeLessThanOrEqual(3600);
      expect(again.body.secret).not.toBe(res.body.secret);
    });

    it('keeps no previous secret with an overlap of 0', async () => {
      const created = (await create('organization', endpoint)).body;
      await rotate('organization', `${collection()}/${created.id}`, { overlapSeconds: 3600 });
      expect((await rotate('organization', `${collection()}/${created.id}`, { overlapSeconds: 0 })).status).toBe(200);
      expect(await secretsOf(created.id)).toEqual(expect.objectContaining({ previous_secret_ciphertext: null, overlap: null }));
    });

    it.each([[{ overlapSeconds: -1 }], [{ overlapSeconds: 86_401 }], [{ overlapSeconds: 1.5 }], [{ overlapSeconds: '60' }], [{ overlap: 60 }]])(
      'refuses %j with 400',
      async (body) => {
        const created = (await create('organization', endpoint)).body;
        const res = await rotate('organization', `${collection()}/${created.id}`, body);
        expect(res.status).toBe(400);
        expect(res.body.errors[0].pointer).toMatch(/^\/overlap/);
      },
    );

    it('answers 404 for an unknown endpoint or another connector’s, 403 to a member and in another organization', async () => {
      const theirs = (await create('otherConnector', endpoint)).body;
      expect((await rotate('organization', `${collection()}/${MISSING}`)).status).toBe(404);
      expect((await rotate('connector', `${collection()}/${theirs.id}`)).status).toBe(404);
      expect((await rotate('member', `${collection()}/${theirs.id}`)).status).toBe(403);
      expect((await rotate('organization', `${collection(other.organizationId)}/${theirs.id}`)).status).toBe(403);
      expect((await rotate('otherConnector', `${collection()}/${theirs.id}`)).status).toBe(200);
      await remove('otherConnector', `${collection()}/${theirs.id}`);
    });
  });
});

describe('webhook endpoints per organization', () => {
  const { database, gateway } = usePublicGateway({ WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION: '3' });
  let validator: OpenApiValidator;
  const http = () => request(gateway.app.getHttpServer());
  const endpoint = { url: 'https://hooks.example.invalid/cap', eventTypes: ['sales_order.created'] };
  const create = async (token: string, organizationId: string) => {
    const res = await http().post(`/v0/organizations/${organizationId}/webhook-endpoints`).set('Authorization', `Bearer ${token}`).send(endpoint);
    expect(validator.errors('POST', COLLECTION, res.status, res.body, String(res.headers['content-type']).split(';')[0])).toEqual([]);
    return res;
  };
  const count = async (organizationId: string) =>
    (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE organization_id = $1', [organizationId])).rows[0].n;

  beforeAll(async () => {
    validator = new OpenApiValidator((await http().get('/openapi.json')).body);
  });

  it('refuses one endpoint past WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION with a 409 problem, counting disabled ones and a connector’s; another organization is not affected', async () => {
    const org = await seedOrganization(database.db);
    const neighbour = await seedOrganization(database.db, { warehouseId: org.warehouseId });
    const tokens = await callerTokens(gateway, database.url, org);
    const first = await create(tokens.organization, org.organizationId);
    expect((await create(tokens.connector, org.organizationId)).status).toBe(201);
    expect((await create(tokens.service, org.organizationId)).status).toBe(201);
    // A disabled endpoint still counts.
    await database.db.query(`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'MANUAL' WHERE id = $1`, [first.body.id]);
    for (const token of [tokens.owner, tokens.connector, tokens.service]) {
      const refused = await create(token, org.organizationId);
      expect(refused.status).toBe(409);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.body).toEqual({
        type: '/problems/webhook-endpoint-limit',
        title: 'Conflict',
        status: 409,
        detail: 'The organization has 3 webhook endpoints, the most it may have (enabled or not); delete one before registering another.',
      });
    }
    expect(await count(org.organizationId)).toBe(3);
    expect((await create(tokens.service, neighbour.organizationId)).status).toBe(201);
    // One deleted makes room for one.
    expect(
      (await http().delete(`/v0/organizations/${org.organizationId}/webhook-endpoints/${first.body.id}`).set('Authorization', `Bearer ${tokens.organization}`))
        .status,
    ).toBe(204);
    expect((await create(tokens.owner, org.organizationId)).status).toBe(201);
    expect((await create(tokens.owner, org.organizationId)).status).toBe(409);
  });

  it('lets no concurrent creations pass the cap together', async () => {
    const org = await seedOrganization(database.db);
    const token = await mintToken(gateway, database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(token, org.organizationId)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await count(org.organizationId)).toBe(3);
  });
});
