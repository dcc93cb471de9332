// openapi/public.json is what the public gateway serves with its default settings (`npm run openapi` writes it).
import request from 'supertest';
import { TestDatabase, committedOpenApiMismatch, createTestDatabase } from '@gateway/testing';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';

describe('the committed public OpenAPI document', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The default PUBLIC_BASE_URL, which the document names as its server and token URL.
    gateway = await startPublicGateway(database.url, { PUBLIC_BASE_URL: 'http://localhost:3000' });
  });

  afterAll(async () => {
    await gateway.close();
    await database.drop();
  });

  it('is the served document, byte for byte', async () => {
    const served = (await request(gateway.app.getHttpServer()).get('/openapi.json').expect(200)).body;
    expect(committedOpenApiMismatch('public', served)).toBeUndefined();
  });
});
