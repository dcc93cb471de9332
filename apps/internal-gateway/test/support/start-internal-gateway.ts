// Boots the internal gateway in-process on a free port, trusting the given issuer, and records every
// answer: closing it checks them all against the served OpenAPI document.
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { freePort } from '@gateway/persistence';
import { createLogger, loadConfig } from '@gateway/platform';
import { ResponseRecorder, TestIssuer, createTestToken, gatewayTestEnv } from '@gateway/testing';
import { createInternalGateway } from '../../src/app/create-internal-gateway';
import { InternalGatewayConfig } from '../../src/app/internal-gateway.config';

export interface RunningInternalGateway {
  app: NestExpressApplication;
  url: string;
  /** How many answers were recorded (and will be checked on close). */
  readonly recorded: number;
  close(): Promise<void>;
}

export async function startInternalGateway(databaseUrl: string, issuerUrl: string, overrides: Record<string, string> = {}): Promise<RunningInternalGateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(InternalGatewayConfig, gatewayTestEnv(databaseUrl, { PUBLIC_BASE_URL: issuerUrl, ...overrides }));
  const app = await createInternalGateway(config, createLogger({ name: 'internal-gateway-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
  const recorder = new ResponseRecorder(app);
  await app.listen(port, '127.0.0.1');
  return {
    app,
    url,
    get recorded() {
      return recorder.count;
    },
    close: async () => {
      // A fresh connection (supertest), not a pooled keep-alive one the server may be closing.
      const document = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body as Record<string, unknown>;
      await app.close();
      const violations = recorder.violations(document);
      if (violations.length > 0) throw new Error(`answers that do not match the OpenAPI document:\n${violations.join('\n')}`);
    },
  };
}

/** Bearer tokens of the two audiences, for a SERVICE client each. */
export async function internalAndPublicTokens(issuer: TestIssuer, databaseUrl: string): Promise<{ internal: string; public: string }> {
  const internal = await createTestToken(issuer, databaseUrl, { type: 'SERVICE', audience: 'internal' });
  const publicToken = await createTestToken(issuer, databaseUrl, { type: 'SERVICE', audience: 'public' });
  return { internal: internal.accessToken, public: publicToken.accessToken };
}

/** A supertest agent with the given bearer token (or none). */
export function as(gateway: RunningInternalGateway, token?: string) {
  const server = gateway.app.getHttpServer();
  const auth = <T extends request.Test>(test: T): T => (token ? (test.set('Authorization', `Bearer ${token}`) as T) : test);
  return {
    get: (path: string) => auth(request(server).get(path)),
    post: (path: string, body?: unknown) => {
      const test = auth(request(server).post(path));
      return body === undefined ? test : test.send(body as object);
    },
  };
}
