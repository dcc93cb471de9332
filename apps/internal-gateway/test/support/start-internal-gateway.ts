// Boots the internal gateway in-process on a free port, with a test issuer of its own and an
// internal-audience SERVICE token; closing it checks every answer it gave against its served OpenAPI document.
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { freePort } from '@gateway/persistence';
import { createLogger, loadConfig } from '@gateway/platform';
import { ResponseRecorder, TestIssuer, createTestToken, gatewayTestEnv, startTestIssuer } from '@gateway/testing';
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

/** A replica passes the issuer of the first gateway (`issuer`), which then stays open until that one closes. */
export async function startInternalGateway(databaseUrl: string, overrides: Record<string, string> = {}, shared?: { issuer: TestIssuer }): Promise<RunningInternalGateway> {
  const issuer = shared?.issuer ?? (await startTestIssuer(databaseUrl));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(InternalGatewayConfig, gatewayTestEnv(databaseUrl, { PUBLIC_BASE_URL: issuer.url, JOB_POLLING_INTERVAL_SECONDS: '0.5', ...overrides }));
  const app = await createInternalGateway(config, createLogger({ name: 'internal-gateway-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
  const recorder = new ResponseRecorder(app);
  await app.listen(port, '127.0.0.1');
  const { accessToken, clientId } = await createTestToken(issuer, databaseUrl, { type: 'SERVICE', audience: 'internal' });
  const server = app.getHttpServer();
  return {
    app,
    url,
    issuer,
    token: accessToken,
    clientId,
    get: (path) => request(server).get(path).set('Authorization', `Bearer ${accessToken}`),
    post: (path, body) => {
      const req = request(server).post(path).set('Authorization', `Bearer ${accessToken}`);
      return body === undefined ? req : req.send(body as object);
    },
    recorded: () => recorder.count,
    close: async () => {
      const document = (await (await fetch(`${url}/openapi.json`)).json()) as Record<string, unknown>;
      await app.close();
      if (!shared) await issuer.close();
      const violations = recorder.violations(document);
      if (violations.length > 0) throw new Error(`answers that do not match the OpenAPI document:\n${violations.join('\n')}`);
    },
  };
}
