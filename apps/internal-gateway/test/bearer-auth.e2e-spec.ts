// The internal gateway accepts internal-audience tokens only, found through the issuer's metadata.
import request from 'supertest';
import { TestDatabase, TestIssuer, createTestDatabase, createTestToken, startTestIssuer } from '@gateway/testing';
import { RunningInternalGateway, startInternalGateway } from './support/start-internal-gateway';

describe('internal gateway: bearer authentication', () => {
  let database: TestDatabase;
  let issuer: TestIssuer;
  let gateway: RunningInternalGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    issuer = await startTestIssuer(database.url);
    gateway = await startInternalGateway(database.url, {}, { issuer });
  });

  afterAll(async () => {
    await gateway.close();
    await issuer.close();
    await database.drop();
  });

  it('refuses a request without a token, with WWW-Authenticate: Bearer and no resource_metadata', async () => {
    const res = await request(gateway.app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200); // the document is public
    const denied = await request(gateway.app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000');
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer realm="internal"');
  });

  it('refuses a public-audience token', async () => {
    const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'public' });
    const res = await request(gateway.app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000').set('Authorization', `Bearer ${accessToken}`);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="internal", error="invalid_token"/);
    expect(res.body.detail).toBe('The token is not meant for this gateway.');
  });

  it('lets an internal-audience token through the guard', async () => {
    const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'internal' });
    const res = await request(gateway.app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000').set('Authorization', `Bearer ${accessToken}`);
    // Past authentication: the organization does not exist.
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('The organization does not exist.');
  });
});

describe('internal gateway: an issuer reached at a private address (ISSUER_DISCOVERY_URL)', () => {
  // Tokens name the issuer by its public URL, which this gateway cannot reach (as between containers);
  // it finds the metadata and the key set at the issuer's private address instead. (Port 1 refuses at
  // once, where a host name would wait on DNS.)
  const PUBLIC_ISSUER_URL = 'http://127.0.0.1:1';
  let database: TestDatabase;
  let issuer: TestIssuer;

  beforeAll(async () => {
    database = await createTestDatabase();
    issuer = await startTestIssuer(database.url, { issuerUrl: PUBLIC_ISSUER_URL });
  });

  afterAll(async () => {
    await issuer.close();
    await database.drop();
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
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe("The gateway cannot reach its authorization server's keys; try again shortly.");
    } finally {
      await gateway.close();
    }
  });
});
