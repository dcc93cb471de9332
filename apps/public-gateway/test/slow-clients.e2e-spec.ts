// Slow and numerous clients, with raw sockets: a request's headers and the whole request must arrive within
// their limits (408, connection closed), a request the bearer check refuses is answered without waiting for
// its body, and a connection beyond the cap is refused with a 503. Nothing here bounds a duration from above
// (a loaded machine can be slow): a limit is shown by what was answered, and by not closing before it.
import request from 'supertest';
import { SeededOrganization, createTestClient, holdConnection, lastBody, seedOrganization, statusLines } from '@gateway/testing';
import { startPublicGateway, usePublicGateway } from './support/start-public-gateway';

const HEADERS_MS = 600;
const REQUEST_MS = 2500;
/** How long a test waits for the gateway to close a connection before it reports that it did not. */
const GIVE_UP_MS = 30_000;

describe('slow clients and the connection cap', () => {
  const { database, gateway } = usePublicGateway({ HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS) });
  let org: SeededOrganization;
  let token: string;

  beforeAll(async () => {
    org = await seedOrganization(database.db);
    const client = await createTestClient(database.url, { type: 'ORGANIZATION', organizationId: org.organizationId });
    const minted = await request(gateway.app.getHttpServer())
      .post('/oauth2/token')
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    token = minted.body.access_token;
  });

  const salesOrders = () => `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`;
  const stalledPost = (authorization?: string) =>
    [
      `POST ${salesOrders()} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Content-Length: 1000',
      ...(authorization ? [`Authorization: ${authorization}`] : []),
      '',
      '{"orderReference":',
    ].join('\r\n');

  it('answers 408 and closes a connection whose headers do not arrive in time, while other connections are served', async () => {
    const slow = await Promise.all([1, 2, 3, 4, 5].map(() => holdConnection(gateway.url, 'GET /v0/whoami HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')));
    const live = await request(gateway.app.getHttpServer()).get('/health/live');
    expect(live.status).toBe(200);
    for (const connection of slow) {
      const { text, closedAfterMs } = await connection.closed(GIVE_UP_MS);
      expect(statusLines(text)).toEqual([408]);
      expect(text).toMatch(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/);
      expect(text).toMatch(/\r\nConnection: close\r\n/);
      expect(lastBody(text)).toEqual({
        type: '/problems/request-timeout',
        title: 'Request Timeout',
        status: 408,
        detail: 'The request was not received in time.',
      });
      // Not before the headers limit (the socket's clock and the server's may differ by a few ms).
      expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    }
  });

  it('answers 408 and closes a connection that never sends anything', async () => {
    const { text, closedAfterMs } = await (await holdConnection(gateway.url)).closed(GIVE_UP_MS);
    expect(statusLines(text)).toEqual([408]);
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  });

  it('answers 408 and closes a connection whose body stalls, once the whole-request limit has passed', async () => {
    const stalled = await holdConnection(gateway.url, stalledPost(`Bearer ${token}`));
    const { text, closedAfterMs } = await stalled.closed(GIVE_UP_MS);
    expect(statusLines(text)).toEqual([408]);
    expect(lastBody(text)).toEqual({
      type: '/problems/request-timeout',
      title: 'Request Timeout',
      status: 408,
      detail: 'The request was not received in time.',
    });
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a garbage bearer token', 'Bearer garbage'],
    ['another scheme', 'Basic Zm9vOmJhcg=='],
  ])('answers a request with %s 401 without waiting for its body, and answers nothing more', async (_what, authorization) => {
    const stalled = await holdConnection(gateway.url, stalledPost(authorization));
    // Had the gateway waited for the body (which never comes), its first answer would be the 408 of the request limit.
    expect(await stalled.answered(/^HTTP\/1\.1 \d{3} [\s\S]*\r\n\r\n\{[^]*\}$/, GIVE_UP_MS)).toBeDefined();
    expect(statusLines(stalled.received())).toEqual([401]);
    expect(stalled.received()).toMatch(/\r\nWWW-Authenticate: Bearer realm="public"/);
    // The rest of the body never comes: the connection is closed at the request limit without a second answer.
    const { text, closedAfterMs } = await stalled.closed(GIVE_UP_MS);
    expect(statusLines(text)).toEqual([401]);
    expect(closedAfterMs).toBeDefined();
  });

  it('refuses a connection beyond the cap with a 503 problem and Retry-After, and serves again once one closes', async () => {
    const capped = await startPublicGateway(database.url, { HTTP_MAX_CONNECTIONS: '3' });
    try {
      const held = await Promise.all([1, 2, 3].map(() => holdConnection(capped.url)));
      const refused = await holdConnection(capped.url);
      const { text, closedAfterMs } = await refused.closed(GIVE_UP_MS);
      expect(closedAfterMs).toBeDefined();
      expect(statusLines(text)).toEqual([503]);
      expect(text).toMatch(/\r\nRetry-After: 1\r\n/);
      expect(text).toMatch(/\r\nConnection: close\r\n/);
      expect(text).toMatch(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/);
      const requestId = /\r\nX-Request-Id: ([0-9a-f-]{36})\r\n/.exec(text)?.[1];
      expect(lastBody(text)).toEqual({
        type: '/problems/service-unavailable',
        title: 'Service Unavailable',
        status: 503,
        detail: 'This gateway process is serving as many connections as it accepts (3); try again shortly.',
        requestId,
      });
      // The held connections are served as usual.
      held[0].socket.write('GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(await held[0].answered(/^HTTP\/1\.1 200 /, GIVE_UP_MS)).toBeDefined();
      // Once one closes, a new connection is served: the gateway learns of the close when its socket does, so a
      // connection opened before that is still refused; tried until the first one is not, and that one must be a 200.
      held[1].socket.destroy();
      const live = 'GET /health/live HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
      let answers: number[] = [];
      for (let attempt = 0; attempt < 100; attempt++) {
        answers = statusLines((await (await holdConnection(capped.url, live)).closed(GIVE_UP_MS)).text);
        if (answers[0] !== 503) break;
      }
      expect(answers).toEqual([200]);
      for (const connection of held) connection.socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await capped.close();
    }
  });
});
