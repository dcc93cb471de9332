// The served OpenAPI document of the internal gateway: lint-clean, bearer-secured operations.
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createLogger, loadConfig } from '@gateway/platform';
import { TestDatabase, createTestDatabase, gatewayTestEnv, lintOpenApiDocument } from '@gateway/testing';
import { createInternalGateway } from '../src/app/create-internal-gateway';
import { InternalGatewayConfig } from '../src/app/internal-gateway.config';

describe('the internal OpenAPI document', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;
  let document: Record<string, any>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createInternalGateway(loadConfig(InternalGatewayConfig, gatewayTestEnv(database.url)), createLogger({ name: 'test', level: 'silent' }));
    await app.init();
    document = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('secures every operation with the bearer scheme', () => {
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, { security?: unknown }>)) {
        expect([method, path, operation.security]).toEqual([method, path, [{ bearer: [] }]]);
      }
    }
  });

  it('passes the Redocly linter', () => {
    const { code, output } = lintOpenApiDocument(document);
    expect(code === 0 ? 'clean' : output).toBe('clean');
  });
});
