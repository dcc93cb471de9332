// The internal gateway accepts internal-audience tokens only, found through the issuer's metadata.
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, loadConfig } from '@gateway/platform';
import { TestDatabase, TestIssuer, createTestDatabase, createTestToken, gatewayTestEnv, startTestIssuer } from '@gateway/testing';
import { createInternalGateway } from '../src/app/create-internal-gateway';
import { InternalGatewayConfig } from '../src/app/internal-gateway.config';

describe('internal gateway: bearer authentication', () => {
  let database: TestDatabase;
  let issuer: TestIssuer;
  let app: NestExpressApplication;

  beforeAll(async () => {
    database = await createTestDatabase();
    issuer = await startTestIssuer(database.url);
    const config = loadConfig(InternalGatewayConfig, gatewayTestEnv(database.url, { PUBLIC_BASE_URL: issuer.url }));
    app = await createInternalGateway(config, createLogger({ name: 'test', level: 'silent' }));
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    await issuer.close();
    await database.drop();
  });

  it('refuses a request without a token, with WWW-Authenticate: Bearer and no resource_metadata', async () => {
    const res = await request(app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200); // the document is public
    const denied = await request(app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000');
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer realm="internal"');
  });

  it('refuses a public-audience token', async () => {
    const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'public' });
    const res = await request(app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000').set('Authorization', `Bearer ${accessToken}`);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="internal", error="invalid_token"/);
    expect(res.body.detail).toBe('The token is not meant for this gateway.');
  });

  it('lets an internal-audience token through the guard', async () => {
    const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'internal' });
    const res = await request(app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000').set('Authorization', `Bearer ${accessToken}`);
    // Past authentication: the organization does not exist.
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('The organization does not exist.');
  });
});
