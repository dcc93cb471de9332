import request from 'supertest';
import { API_ANSWER_SECURITY_HEADERS, BROWSER_PAGE_SECURITY_HEADERS, securityHeadersOf } from '@gateway/testing';
import { useInternalGateway } from './support/start-internal-gateway';

describe('internal gateway: health, errors and headers', () => {
  // Readiness needs the issuer's key set: the gateway's own test issuer serves it.
  const { gateway } = useInternalGateway();
  const app = { getHttpServer: () => gateway.app.getHttpServer() };

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

  it('matches paths case-sensitively, as the spec writes them', async () => {
    await request(app.getHttpServer()).get('/health/live').expect(200);
    const res = await request(app.getHttpServer()).get('/HEALTH/LIVE').expect(404);
    expect(res.body.detail).toBe('No operation is served at GET /HEALTH/LIVE.');
  });

  it('answers malformed JSON with a 400 problem and no parser internals', async () => {
    // Bodies are read once the bearer check has passed: body errors need an operation that takes one, and a token.
    const res = await gateway.post('/internal-tools/clarify-inventory-levels').set('Content-Type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({ type: '/problems/bad-request', title: 'Bad Request', status: 400, detail: 'The request body is not valid JSON.' });
  });

  it('answers a body over the size limit with 413', async () => {
    const res = await gateway
      .post('/internal-tools/clarify-inventory-levels')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body.status).toBe(413);
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
