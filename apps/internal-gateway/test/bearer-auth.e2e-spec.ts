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
