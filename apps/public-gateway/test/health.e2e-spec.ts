import { request as httpRequest } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { API_ANSWER_SECURITY_HEADERS, BROWSER_PAGE_SECURITY_HEADERS, createTestClient, securityHeadersOf } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

describe('public gateway: health, errors and headers', () => {
  // Listening on a real port: some cases are refused by Node's HTTP parser before Express sees them.
  const { database, gateway } = usePublicGateway();
  let app: NestExpressApplication;
  let token: string;
  // Bodies are read once the bearer check has passed: body errors need an operation that takes one, and a token.
  const bodyRoute = '/v0/organizations/0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01/stores/any/sales-orders';
  const postBody = () => request(app.getHttpServer()).post(bodyRoute).set('Authorization', `Bearer ${token}`).set('Content-Type', 'application/json');

  beforeAll(async () => {
    app = gateway.app;
    const client = await createTestClient(database.url, { type: 'SERVICE' });
    const minted = await request(app.getHttpServer())
      .post('/oauth2/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    token = minted.body.access_token;
  });

  it('answers liveness', async () => {
    const res = await request(app.getHttpServer()).get('/health/live').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers readiness when the database answers and a key set is held', async () => {
    const res = await request(app.getHttpServer()).get('/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'up', keySet: 'up' } });
  });

  it('gives every answer a request id, and echoes a well-formed one', async () => {
    const generated = await request(app.getHttpServer()).get('/health/live');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await request(app.getHttpServer()).get('/health/live').set('X-Request-Id', 'abc-123');
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const refused = await request(app.getHttpServer()).get('/health/live').set('X-Request-Id', 'bad id\u00e9');
    // A malformed one is replaced by an id of the gateway's own.
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with a problem body', async () => {
    const res = await request(app.getHttpServer()).get('/v0/nothing-here').expect(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'No operation is served at GET /v0/nothing-here.' });
  });

  it('answers malformed JSON with a 400 problem and no parser internals', async () => {
    const res = await postBody().send('{"a":');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({ type: '/problems/bad-request', title: 'Bad Request', status: 400, detail: 'The request body is not valid JSON.' });
  });

  it('answers a body over the size limit with 413', async () => {
    const res = await postBody().send(JSON.stringify({ a: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body.status).toBe(413);
  });

  it('answers a body nested too deeply with a 400 problem', async () => {
    const res = await postBody().send('['.repeat(100_000) + ']'.repeat(100_000));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      type: '/problems/bad-request',
      title: 'Bad Request',
      status: 400,
      detail: 'The request body is nested more than 32 levels deep.',
    });
  });

  it('answers a request head over the size limit with a 431 problem', async () => {
    const { port } = app.getHttpServer().address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/health/live`, { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toEqual({
      type: '/problems/request-header-fields-too-large',
      title: 'Request Header Fields Too Large',
      status: 431,
      detail: 'The request line and headers are larger than this service accepts (16 KB).',
    });
  });

  it('answers an oversized head with its 431 even while the client goes on sending a large body', async () => {
    const { port } = app.getHttpServer().address() as { port: number };
    const body = Buffer.alloc(1_100_000, 'y');
    const statuses = await Promise.all(
      Array.from(
        { length: 20 },
        () =>
          new Promise<number | string>((resolve) => {
            const req = httpRequest(
              { host: '127.0.0.1', port, method: 'POST', path: `/v0/x?pad=${'x'.repeat(100_000)}`, headers: { 'content-length': body.length } },
              (res) => {
                res.resume();
                resolve(res.statusCode ?? 0);
              },
            );
            req.on('error', (error) => resolve(error.message));
            req.end(body);
          }),
      ),
    );
    expect(statuses).toEqual(Array(20).fill(431));
  });

  it("sets an API's security headers on an answer, and helmet's full set on a page a browser renders", async () => {
    expect(await securityHeadersOf(app.getHttpServer())).toEqual({
      answer: API_ANSWER_SECURITY_HEADERS,
      docsPage: BROWSER_PAGE_SECURITY_HEADERS,
      problemPage: BROWSER_PAGE_SECURITY_HEADERS,
    });
  });

  it('serves its OpenAPI document and Swagger UI', async () => {
    const doc = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.info.version).toBe('2026-11-28');
    await request(app.getHttpServer()).get('/docs/').expect(200);
  });
});
