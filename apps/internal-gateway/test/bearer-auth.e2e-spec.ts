// The internal gateway accepts internal-audience tokens only, verified with the key set it holds, found
// through the issuer's metadata and refreshed within limits however many unknown kids arrive.
import request from 'supertest';
import { ON_DEMAND_GAP_MS } from '@gateway/domain';
import {
  createTestClient,
  createTestDatabase,
  createTestToken,
  rotateTestSigningKey,
  rotationDuringFlood,
  rotationDuringFloodProblems,
  signTestToken,
  startTestIssuer,
  useFixture,
} from '@gateway/testing';
import { startInternalGateway, useInternalGateway } from './support/start-internal-gateway';

describe('internal gateway: bearer authentication', () => {
  const { database, gateway } = useInternalGateway();

  it('refuses a request without a token, with WWW-Authenticate: Bearer and no resource_metadata', async () => {
    const res = await request(gateway.app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200); // the document is public
    const denied = await request(gateway.app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000');
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer realm="internal"');
  });

  it('refuses a public-audience token', async () => {
    const { accessToken } = await createTestToken(gateway.issuer, database.url, { type: 'SERVICE', audience: 'public' });
    const res = await request(gateway.app.getHttpServer())
      .get('/organizations/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${accessToken}`);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="internal", error="invalid_token"/);
    expect(res.body.detail).toBe('The token is not meant for this gateway.');
  });

  it('lets an internal-audience token through the guard', async () => {
    const { accessToken } = await createTestToken(gateway.issuer, database.url, { type: 'SERVICE', audience: 'internal' });
    const res = await request(gateway.app.getHttpServer())
      .get('/organizations/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${accessToken}`);
    // Past authentication: the organization does not exist.
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('The organization does not exist.');
  });

  it('keeps valid tokens of a key rotated in during an unknown-kid flood answering 200, with key-set fetches bounded', async () => {
    const clientId = (await createTestClient(database.url, { type: 'SERVICE', audience: 'internal' })).clientId;
    const sign = () => signTestToken(database.url, { issuer: gateway.issuer.url, audience: 'urn:gateway:internal', clientId });
    const path = '/internal-tools/release-channel-features';
    const oldToken = await sign();
    await request(gateway.app.getHttpServer()).get(path).set('Authorization', `Bearer ${oldToken}`).expect(200);
    const fetchesBefore = gateway.issuer.requests.get('/.well-known/jwks.json') ?? 0;
    const startedAt = Date.now();
    const seen = await rotationDuringFlood({
      baseUrl: gateway.url,
      path,
      oldToken,
      rotate: () => rotateTestSigningKey(database.url),
      newToken: sign,
      watchMs: ON_DEMAND_GAP_MS + 4_000,
    });
    const fetches = (gateway.issuer.requests.get('/.well-known/jwks.json') ?? 0) - fetchesBefore;
    expect(rotationDuringFloodProblems(seen, ON_DEMAND_GAP_MS)).toEqual([]);
    expect(fetches).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / ON_DEMAND_GAP_MS) + 1);
  }, 30_000);
});

describe('internal gateway: an issuer reached at a private address (ISSUER_DISCOVERY_URL)', () => {
  // Tokens name the issuer by its public URL, which this gateway cannot reach (as between containers);
  // it finds the metadata and the key set at the issuer's private address instead. (Port 1 refuses at
  // once, where a host name would wait on DNS.)
  const PUBLIC_ISSUER_URL = 'http://127.0.0.1:1';
  const { database, issuer } = useFixture(async (defer) => {
    const database = await createTestDatabase();
    defer(() => database.drop());
    const issuer = await startTestIssuer(database.url, { issuerUrl: PUBLIC_ISSUER_URL });
    defer(() => issuer.close());
    return { database, issuer };
  });

  it('verifies tokens of the public issuer URL with keys fetched at the private address', async () => {
    const gateway = await startInternalGateway(database.url, { PUBLIC_BASE_URL: PUBLIC_ISSUER_URL, ISSUER_DISCOVERY_URL: issuer.url }, { issuer });
    try {
      const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'internal' });
      expect(JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).iss).toBe(PUBLIC_ISSUER_URL);
      await request(gateway.app.getHttpServer()).get('/internal-tools/release-channel-features').set('Authorization', `Bearer ${accessToken}`).expect(200);
      expect(issuer.requests.get('/.well-known/jwks.json')).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });

  it('without it, cannot reach the keys: 503, not a 401', async () => {
    const gateway = await startInternalGateway(database.url, { PUBLIC_BASE_URL: PUBLIC_ISSUER_URL }, { issuer });
    try {
      const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'internal' });
      const res = await request(gateway.app.getHttpServer()).get('/internal-tools/release-channel-features').set('Authorization', `Bearer ${accessToken}`);
      expect([res.status, res.headers['retry-after']]).toEqual([503, '5']);
      expect(res.body.detail).toBe("The gateway cannot reach its authorization server's keys; try again shortly.");
      const ready = await request(gateway.app.getHttpServer()).get('/health/ready');
      expect([ready.status, ready.body.checks, ready.body.detail]).toEqual([503, { database: 'up', keySet: 'down' }, 'Not ready: keySet unavailable.']);
    } finally {
      await gateway.close();
    }
  });
});
