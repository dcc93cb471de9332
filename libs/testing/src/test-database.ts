// A database of its own for one test file, cloned from the migrated template.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Database } from '@gateway/persistence';
import { ensureDatabase } from '@gateway/dev-postgres';
import { TEMPLATE_DATABASE, TEST_ENV } from './test-env';

export interface TestDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env[TEST_ENV.adminUrl];
  if (!adminUrl) throw new Error('No test Postgres: run the tests through jest with the workspace globalSetup.');
  const name = `gateway_test_${randomBytes(6).toString('hex')}`;
  await ensureDatabase(adminUrl, name, TEMPLATE_DATABASE);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = new Database({ url: url.toString(), poolMax: 5 });
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.close().catch(() => undefined);
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
