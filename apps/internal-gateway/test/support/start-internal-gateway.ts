// Boots the internal gateway in-process on a free port, with a test issuer of its own (or a shared one)
// and an internal-audience SERVICE token; closing it checks every answer it gave against its served
// OpenAPI document.
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { freePort } from '@gateway/dev-postgres';
import { createLogger, loadConfig } from '@gateway/platform';
import { ResponseRecorder, TestDatabase, TestIssuer, createTestToken, gatewayTestEnv, startTestIssuer, useTestGateway } from '@gateway/testing';
import { createInternalGateway } from '../../src/app/create-internal-gateway';
import { InternalGatewayConfig } from '../../src/app/internal-gateway.config';

export interface RunningInternalGateway {
  app: NestExpressApplication;
  url: string;
  issuer: TestIssuer;
  /** An internal-audience SERVICE token and its client id (the initiator recorded on events). */
  token: string;
  clientId: string;
  /** Requests with the token already set. */
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  /** How many answers were recorded (a test can check that it was not zero). */
  recorded(): number;
  close(): Promise<void>;
}

/** A shared issuer (a replica's, or one the test made) stays open when this gateway closes. */
export async function startInternalGateway(
  databaseUrl: string,
  overrides: Record<string, string> = {},
  shared?: { issuer: TestIssuer },
): Promise<RunningInternalGateway> {
  const issuer = shared?.issuer ?? (await startTestIssuer(databaseUrl));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    InternalGatewayConfig,
    gatewayTestEnv(databaseUrl, { PUBLIC_BASE_URL: issuer.url, JOB_POLLING_INTERVAL_SECONDS: '0.5', ...overrides }),
  );
  const app = await createInternalGateway(config, createLogger({ name: 'internal-gateway-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
  const recorder = new ResponseRecorder(app);
  await app.listen(port, '127.0.0.1');
  const { accessToken, clientId } = await createTestToken(issuer, databaseUrl, { type: 'SERVICE', audience: 'internal' });
  const client = as({ app }, accessToken);
  return {
    app,
    url,
    issuer,
    token: accessToken,
    clientId,
    ...client,
    recorded: () => recorder.count,
    close: async () => {
      try {
        await recorder.closeAndCheck(app);
      } finally {
        if (!shared) await issuer.close();
      }
    },
  };
}

/** A fresh test database and the internal gateway on it (with its own issuer), for the tests of the enclosing describe block. */
export function useInternalGateway(overrides: Record<string, string> = {}): { database: TestDatabase; gateway: RunningInternalGateway } {
  return useTestGateway((databaseUrl) => startInternalGateway(databaseUrl, overrides));
}

/** Bearer tokens of the two audiences, for a SERVICE client each. */
export async function internalAndPublicTokens(issuer: TestIssuer, databaseUrl: string): Promise<{ internal: string; public: string }> {
  const internal = await createTestToken(issuer, databaseUrl, { type: 'SERVICE', audience: 'internal' });
  const publicToken = await createTestToken(issuer, databaseUrl, { type: 'SERVICE', audience: 'public' });
  return { internal: internal.accessToken, public: publicToken.accessToken };
}

/** Requests to the gateway with the given bearer token (or none). */
export function as(gateway: { app: NestExpressApplication }, token?: string) {
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
