// Jest global setup: one fresh embedded Postgres per test run, with a migrated template database
// that every test file clones (createTestDatabase), so no test sees another's data.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database, migrate } from '@gateway/persistence';
import { ensureDatabase, startEmbeddedPostgres } from '@gateway/dev-postgres';
import { TEMPLATE_DATABASE, TEST_ENV } from './test-env';

export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    // An external server: the template is made there, the test databases beside it.
    process.env[TEST_ENV.adminUrl] = process.env.DATABASE_URL;
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
    const server = await startEmbeddedPostgres({ dataDir });
    (globalThis as { __GATEWAY_PG__?: unknown }).__GATEWAY_PG__ = server;
    process.env[TEST_ENV.adminUrl] = server.url('postgres');
    process.env[TEST_ENV.dataDir] = dataDir;
  }
  const adminUrl = process.env[TEST_ENV.adminUrl] as string;
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  await ensureDatabase(adminUrl, TEMPLATE_DATABASE);
  const db = new Database({ url: templateUrl.toString(), poolMax: 1 });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}
