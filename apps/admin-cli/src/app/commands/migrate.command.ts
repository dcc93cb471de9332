import { Database, migrate } from '@gateway/persistence';
import { Output } from '../output';

export async function migrateCommand(url: string, out: Output): Promise<void> {
  const db = new Database({ url, poolMax: 1, statementTimeoutMs: 600_000, applicationName: 'admin-cli' });
  try {
    const applied = await migrate(db);
    out.result(
      { applied: applied.map((m) => ({ version: m.version, name: m.name })) },
      applied.length ? applied.map((m) => `applied ${m.version} ${m.name}`).join('\n') : 'the schema is up to date',
    );
  } finally {
    await db.close();
  }
}
