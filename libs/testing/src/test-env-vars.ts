// The environment a gateway under test boots with: its own database, quiet logs.
export function gatewayTestEnv(databaseUrl: string, overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
    ...overrides,
  };
}
