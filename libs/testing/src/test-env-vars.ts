// The environment a gateway under test boots with: its own database, quiet logs.
import { randomBytes } from 'node:crypto';

/** One key-encryption key per test process: the issuer and the gateways under test must share it. */
export const TEST_KEY_ENCRYPTION_KEY = randomBytes(32).toString('base64');

export function gatewayTestEnv(databaseUrl: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
    KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    ...overrides,
  };
}
