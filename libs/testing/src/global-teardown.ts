import { rm } from 'node:fs/promises';
import { TEST_ENV } from './test-env';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as { __GATEWAY_PG__?: { stop(): Promise<void> } }).__GATEWAY_PG__;
  if (server) await server.stop();
  const dataDir = process.env[TEST_ENV.dataDir];
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
