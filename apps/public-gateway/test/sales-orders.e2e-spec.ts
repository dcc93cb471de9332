// POST /v0/organizations/{organizationId}/stores/{storeId}/sales-orders over HTTP: the whole body
// validated, access, idempotency under concurrency, restarts and two gateway processes.
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { SeededOrganization, createTestClient, seedOrganization } from '@gateway/testing';
import { IdempotencyRepository } from '@gateway/persistence-public';
import { RunningGateway, startPublicGateway, usePublicGateway } from './support/start-public-gateway';

describe('sales-order creation', () => {
  const { database, gateway } = usePublicGateway();
  let org: SeededOrganization;
  let token: string;

  async function tokenFor(target: RunningGateway, spec: Parameters<typeof createTestClient>[1]): Promise<string> {
    const c = await createTestClient(database.url, spec);
    const res = await request(target.app.getHttpServer())
      .post('/oauth2/token')
      .type('form')
      .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString());
    return res.body.access_token;
  }

  beforeAll(async () => {
    org = await seedOrganization(database.db);
    token = await tokenFor(gateway, { type: 'ORGANIZATION', organizationId: org.organizationId });
  });

  const path = (organizationId = org.organizationId, storeId = org.storeId) => `/v0/organizations/${organizationId}/stores/${storeId}/sales-orders`;
  const body = (reference = 'ORD-HTTP') => ({
    orderReference: reference,
    placedAt: '2026-09-18T10:15:00Z',
    customer: { firstName: 'Ada', lastName: 'Lovelace' },
    lineItems: [
      { name: 'First', sku: 'any', barcode: org.barcodes[0], quantity: 2, price: { currency: 'EUR', amountInMinorUnit: 1999 }, countryCodeOfOrigin: 'NL' },
    ],
  });
  const create = (target = gateway, withToken = token) => request(target.app.getHttpServer()).post(path()).set('Authorization', `Bearer ${withToken}`);

  it('answers 201 with the sales order record', async () => {
    const res = await create().send(body());
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      organizationId: org.organizationId,
      environment: 'live',
      storeId: org.storeId,
      orderReference: 'ORD-HTTP',
      status: 'RECEIVED',
      placedAt: '2026-09-18T10:15:00.000Z',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      customer: { firstName: 'Ada', lastName: 'Lovelace' },
      lineItems: [
        { name: 'First', sku: 'any', barcode: org.barcodes[0], quantity: 2, price: { currency: 'EUR', amountInMinorUnit: 1999 }, countryCodeOfOrigin: 'NL' },
      ],
      fulfilmentOrderId: expect.stringMatching(/^fo-/),
    });
  });

  it.each([
    ['20260918T1015+0200', '2026-09-18T08:15:00.000Z'],
    ['2026-09-18T10:15', '2026-09-18T10:15:00.000Z'],
    ['2026-09-18T10:15:00.123456-05:30', '2026-09-18T15:45:00.123Z'],
  ])('accepts placedAt %s (ISO 8601) and records it as %s', async (sent, recorded) => {
    const res = await create().send({ ...body(`ISO-${sent}`), placedAt: sent });
    expect(res.status).toBe(201);
    expect(res.body.placedAt).toBe(recorded);
    const { rows } = await database.db.query('SELECT placed_at FROM sales_orders WHERE id = $1', [res.body.id]);
    expect((rows[0].placed_at as Date).toISOString()).toBe(recorded);
  });

  it.each([['2026-02-29T10:00:00Z'], ['2026-09-18T24:00Z'], ['20260918T1015+2400'], ['2026-09-18']])('refuses placedAt %s with 400', async (sent) => {
    const res = await create().send({ ...body('ISO-BAD'), placedAt: sent });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        pointer: '/placedAt',
        message: 'must be an ISO 8601 date-time on a day that exists, e.g. 2026-09-18T10:15:00Z, 2026-09-18T10:15+02:00 or 20260918T101500+0200',
      },
    ]);
  });

  it('records an order sent without placedAt as placed at its creation time', async () => {
    const { placedAt: _omitted, ...withoutPlacedAt } = body('NO-PLACED-AT');
    const res = await create().send(withoutPlacedAt);
    expect(res.status).toBe(201);
    expect(res.body.placedAt).toBe(res.body.createdAt);
    const { rows } = await database.db.query('SELECT placed_at = created_at AS same FROM sales_orders WHERE id = $1', [res.body.id]);
    expect(rows[0].same).toBe(true);
  });

  it('answers an invalid body with every problem and its pointer', async () => {
    const res = await create().send({ orderReference: '', customer: {}, lineItems: [{ sku: 'x', quantity: 0 }], admin: true });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is not valid.',
      errors: expect.arrayContaining([
        { pointer: '/admin', message: 'is not a known property' },
        { pointer: '/orderReference', message: 'must be 1 to 200 characters' },
        { pointer: '/customer/firstName', message: 'is required' },
        { pointer: '/lineItems/0/quantity', message: 'must be at least 1' },
      ]),
    });
  });

  // Lines resolve (by barcode), so that without the check the NUL would reach Postgres.
  const nulBody = (where: 'orderReference' | 'firstName' | 'sku') =>
    `{"orderReference":"nul${where === 'orderReference' ? '\\u0000' : ''}x","customer":{"firstName":"a${where === 'firstName' ? '\\u0000' : ''}"},` +
    `"lineItems":[{"sku":"s${where === 'sku' ? '\\u0000' : ''}","barcode":"${org.barcodes[0]}","quantity":1}]}`;

  it.each([
    ['orderReference', 'orderReference', '/orderReference'],
    ['customer.firstName', 'firstName', '/customer/firstName'],
    ['lineItems[0].sku', 'sku', '/lineItems/0/sku'],
  ] as const)('refuses a NUL character in %s with 400 pointing at it', async (_name, where, pointer) => {
    const res = await create().set('Content-Type', 'application/json').send(nulBody(where));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is not valid.',
      errors: [{ pointer, message: 'must not contain the NUL character (U+0000)' }],
    });
  });

  it('refuses a NUL character in a property name with 400', async () => {
    const res = await create()
      .set('Content-Type', 'application/json')
      .send('{"orderReference":"r","customer":{"firstName":"a","x\\u0000":1},"lineItems":[{"sku":"S","quantity":1}]}');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/customer/x\u0000', message: 'is a property name containing the NUL character (U+0000)' }]);
  });

  it('refuses an own __proto__ property like any unknown property, at any depth', async () => {
    const raw = JSON.stringify(body('PROTO')).replace(/^\{/, '{"__proto__":{"x":1},').replace('"customer":{', '"customer":{"__proto__":{},');
    const res = await create().set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { pointer: '/__proto__', message: 'is not a known property' },
      { pointer: '/customer/__proto__', message: 'is not a known property' },
    ]);
  });

  it.each([
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"order"'],
    ['null', 'null'],
  ])('answers %s as the body with 400 "must be a JSON object", at the root', async (_name, raw) => {
    const res = await create().set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'The request is not valid.',
      errors: [{ pointer: '', message: 'must be a JSON object' }],
    });
  });

  it.each([
    ['text/plain', JSON.stringify({ orderReference: 'x' })],
    ['application/xml', '<order/>'],
    ['application/x-www-form-urlencoded', 'orderReference=1&customer[firstName]=a'],
  ])('answers a %s body with 415, not field errors', async (type, raw) => {
    const res = await create().set('Content-Type', type).send(raw);
    expect(res.status).toBe(415);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: '/problems/unsupported-media-type',
      title: 'Unsupported Media Type',
      status: 415,
      detail: 'The body must be application/json.',
    });
  });

  it('answers a body sent without a Content-Type with 415', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const raw = JSON.stringify({ orderReference: 'x' });
      const req = httpRequest(
        `${gateway.url}${path()}`,
        { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Length': Buffer.byteLength(raw) } },
        (answer) => {
          let text = '';
          answer.on('data', (chunk) => (text += chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).detail).toBe('The body must be application/json.');
  });

  it.each([
    ['an organization id that is not a UUID', () => path('not-a-uuid'), '/path/organizationId'],
    ['a store id with forbidden characters', () => path(undefined, 'bad%20store'), '/path/storeId'],
  ])('answers %s with 400', async (_name, target, pointer) => {
    const res = await request(gateway.app.getHttpServer()).post(target()).set('Authorization', `Bearer ${token}`).send(body());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer, message: expect.any(String) }]);
  });

  it('answers 403 for an organization the caller cannot reach, existing or not, and 404 for an unknown store', async () => {
    const other = await seedOrganization(database.db);
    expect(
      (await request(gateway.app.getHttpServer()).post(path(other.organizationId, other.storeId)).set('Authorization', `Bearer ${token}`).send(body())).status,
    ).toBe(403);
    expect(
      (await request(gateway.app.getHttpServer()).post(path('00000000-0000-4000-8000-000000000000', 'x')).set('Authorization', `Bearer ${token}`).send(body()))
        .status,
    ).toBe(403);
    expect(
      (await request(gateway.app.getHttpServer()).post(path(undefined, 'no-such-store')).set('Authorization', `Bearer ${token}`).send(body())).status,
    ).toBe(404);
  });

  it('decides access on what its one read found: 404s for a SERVICE, and no stored answer for an organization the caller cannot reach', async () => {
    const service = await tokenFor(gateway, { type: 'SERVICE' });
    const post = (target: string, withToken: string) => request(gateway.app.getHttpServer()).post(target).set('Authorization', `Bearer ${withToken}`);
    const unknownOrganization = await post(path('00000000-0000-4000-8000-000000000000', org.storeId), service).send(body());
    expect([unknownOrganization.status, unknownOrganization.body.detail]).toEqual([404, 'The organization does not exist.']);
    const unknownStore = await post(path(undefined, 'no-such-store'), service).send(body());
    expect([unknownStore.status, unknownStore.body.detail]).toEqual([404, 'The store does not exist in this organization.']);
    expect((await post(path(), service).send(body('BY-SERVICE'))).status).toBe(201);
    // The key's answer is stored for this caller; sent to an organization it cannot reach, access answers first.
    expect((await create().set('Idempotency-Key', 'access-first').send(body('ACCESS'))).status).toBe(201);
    const other = await seedOrganization(database.db);
    const elsewhere = await post(path(other.organizationId, other.storeId), token).set('Idempotency-Key', 'access-first').send(body('ACCESS'));
    expect([elsewhere.status, elsewhere.headers['idempotent-replayed']]).toEqual([403, undefined]);
  });

  it('answers a line that does not resolve with 400 pointing at it', async () => {
    const res = await create().send({ ...body(), lineItems: [{ sku: 'nope', quantity: 1 }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/lineItems/0/sku', message: 'is not a retail unit of this organization' }]);
  });

  it('refuses lines of one barcode whose quantities add up past the largest safe integer, pointing at the line that overflows', async () => {
    const line = (quantity: number) => ({ sku: 'any', barcode: org.barcodes[1], quantity });
    const res = await create().send({
      ...body('OVERFLOW'),
      lineItems: [line(Number.MAX_SAFE_INTEGER - 1), { sku: 'other', barcode: org.barcodes[0], quantity: 1 }, line(1), line(1)],
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      type: '/problems/validation-failed',
      title: 'Bad Request',
      status: 400,
      detail: 'The quantities of some retail units add up to more than the largest supported quantity.',
      errors: [
        {
          pointer: '/lineItems/3/quantity',
          message: `makes the total quantity of ${org.barcodes[1]} in this order exceed 9007199254740991, the largest supported quantity`,
        },
      ],
    });
  });

  it('answers 409 saying so when an order would raise pendingAllocation past the largest supported quantity', async () => {
    const order = (quantity: number) => create().send({ ...body('PENDING-MAX'), lineItems: [{ sku: 'any', barcode: org.barcodes[1], quantity }] });
    expect((await order(Number.MAX_SAFE_INTEGER)).status).toBe(201);
    const res = await order(1);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      type: '/problems/inventory-conflict',
      title: 'Conflict',
      status: 409,
      detail: `The change would make the pendingAllocation of ${org.barcodes[1]} at ${org.warehouseId} exceed 9007199254740991, the largest supported quantity.`,
    });
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['with a non-ASCII character', 'clé'],
  ])('refuses an Idempotency-Key that is %s with 400', async (_name, key) => {
    const res = await create()
      .set('Idempotency-Key', encodeURI(key) === key ? key : Buffer.from(key, 'utf8').toString('latin1'))
      .send(body());
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ pointer: '/headers/Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]);
  });

  it('replays the first answer, status and body, and answers 422 for a different request with the key', async () => {
    const first = await create().set('Idempotency-Key', 'http-replay-1').send(body('REPLAY'));
    expect(first.status).toBe(201);
    const again = await create()
      .set('Idempotency-Key', 'http-replay-1')
      .send({ ...body('REPLAY'), lineItems: body('REPLAY').lineItems });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    // Byte for byte: the stored answer keeps the first answer's text, key order included.
    expect(again.text).toBe(first.text);
    const different = await create().set('Idempotency-Key', 'http-replay-1').send(body('OTHER'));
    expect(different.status).toBe(422);
    expect(different.body.type).toBe('/problems/idempotency-key-reused');
  });

  it('takes the organization id in any case: the record says it in lower case, and the key replays across cases', async () => {
    const upper = path(org.organizationId.toUpperCase());
    const first = await request(gateway.app.getHttpServer())
      .post(upper)
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', 'case-1')
      .send(body('CASE'));
    expect(first.status).toBe(201);
    expect(first.body.organizationId).toBe(org.organizationId);
    const again = await create().set('Idempotency-Key', 'case-1').send(body('CASE'));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
  });

  it('answers 409 with Retry-After: 1 while the first request with the key is in flight', async () => {
    const clientId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).client_id;
    // Another request with the key holds its lock: this transaction stands in for it.
    await database.db.transaction(async (tx) => {
      expect(await new IdempotencyRepository().tryLock(tx, clientId, 'in-flight-1')).toBe(true);
      const res = await create().set('Idempotency-Key', 'in-flight-1').send(body('IN-FLIGHT'));
      expect(res.status).toBe(409);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body.type).toBe('/problems/idempotency-key-in-flight');
    });
  });

  it('holds for 50 requests at once on two gateway processes sharing the database, and after a restart', async () => {
    const second = await startPublicGateway(database.url, { PUBLIC_BASE_URL: gateway.url });
    try {
      const requests = Array.from({ length: 50 }, (_, i) =>
        request((i % 2 ? second : gateway).app.getHttpServer())
          .post(path())
          .set('Authorization', `Bearer ${token}`)
          .set('Idempotency-Key', 'burst-http')
          .send(body('BURST')),
      );
      const answers = await Promise.all(requests);
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      const created = answers.filter((a) => a.status === 201).map((a) => a.body.id);
      expect(created.length).toBeGreaterThan(0);
      expect(new Set(created).size).toBe(1);
      const { rows } = await database.db.query("SELECT count(*)::int AS n FROM sales_orders WHERE order_reference = 'BURST'");
      expect(rows[0].n).toBe(1);
      // A restarted gateway replays the same answer.
      await second.close();
      const restarted = await startPublicGateway(database.url, { PUBLIC_BASE_URL: gateway.url });
      try {
        const replay = await request(restarted.app.getHttpServer())
          .post(path())
          .set('Authorization', `Bearer ${token}`)
          .set('Idempotency-Key', 'burst-http')
          .send(body('BURST'));
        expect(replay.status).toBe(201);
        expect(replay.body.id).toBe(created[0]);
      } finally {
        await restarted.close();
      }
    } finally {
      await second.close().catch(() => undefined);
    }
  });

  it('documents the operation in the OpenAPI document', async () => {
    const doc = (await request(gateway.app.getHttpServer()).get('/openapi.json')).body;
    const operation = doc.paths['/v0/organizations/{organizationId}/stores/{storeId}/sales-orders'].post;
    expect(operation.operationId).toBe('createSalesOrder');
    expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'header:Idempotency-Key',
      'path:organizationId',
      'path:storeId',
    ]);
    expect(operation.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/CreateSalesOrderDto');
    expect(operation.responses['201'].content['application/json'].schema.$ref).toBe('#/components/schemas/SalesOrderRecord');
    expect(operation.security).toEqual([{ clientCredentials: [] }, { bearer: [] }]);
    expect(operation.responses['415'].content['application/problem+json']).toBeDefined();
    expect(doc.components.schemas.SalesOrderRecord.required).toContain('placedAt');
    for (const name of ['CreateSalesOrderDto', 'CustomerInput', 'SalesOrderLineInput', 'PriceInput'])
      expect(doc.components.schemas[name].additionalProperties).toBe(false);
    expect(operation.responses['409'].headers['Retry-After'].schema).toEqual({ type: 'integer', minimum: 1 });
  });
});
