// Boots the public gateway in-process, listening on a free port, as its own issuer.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { freePort } from '@gateway/dev-postgres';
import { createLogger, loadConfig } from '@gateway/platform';
import { ResponseRecorder, TestDatabase, gatewayTestEnv, useTestGateway } from '@gateway/testing';
import { createPublicGateway } from '../../src/app/create-public-gateway';
import { PublicGatewayConfig } from '../../src/app/public-gateway.config';

export interface RunningGateway {
  app: NestExpressApplication;
  url: string;
  /** Requests received, by path. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

export async function startPublicGateway(databaseUrl: string, overrides: Record<string, string> = {}): Promise<RunningGateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // A replica shares the issuer of the first gateway: pass its URL as PUBLIC_BASE_URL in overrides.
  // PUBLIC_GATEWAY_PORT as listened on: webhooks refuse this gateway's own port.
  const config = loadConfig(PublicGatewayConfig, gatewayTestEnv(databaseUrl, { PUBLIC_BASE_URL: url, PUBLIC_GATEWAY_PORT: String(port), ...overrides }));
  const app = await createPublicGateway(config, createLogger({ name: 'public-gateway-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
  const requests = new Map<string, number>();
  app.use((req: { path: string }, _res: unknown, next: () => void) => {
    requests.set(req.path, (requests.get(req.path) ?? 0) + 1);
    next();
  });
  const recorder = new ResponseRecorder(app);
  await app.listen(port, '127.0.0.1');
  return {
    app,
    url,
    requests,
    // Closing checks every answer this gateway gave against its served OpenAPI document.
    close: () => recorder.closeAndCheck(app),
  };
}

/** A fresh test database and the public gateway on it, for the tests of the enclosing describe block. */
export function usePublicGateway(overrides: Record<string, string> = {}): { database: TestDatabase; gateway: RunningGateway } {
  return useTestGateway((databaseUrl) => startPublicGateway(databaseUrl, overrides));
}
