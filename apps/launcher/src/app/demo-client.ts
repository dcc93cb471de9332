// The demo client of `npm start`: one SERVICE client of the public audience per data directory, its
// credentials kept in DATA_DIR/demo-client.json (mode 0600) so that the start banner can show a
// ready-to-run token request. A client that no longer works there (revoked, or another database) is replaced.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClientRepository, Queryable } from '@gateway/persistence';

export interface DemoClient {
  client_id: string;
  client_secret: string;
}

export const DEMO_CLIENT_NAME = 'demo client (npm start)';
export const demoClientFile = (dataDir: string): string => join(dataDir, 'demo-client.json');

async function readDemoClient(file: string): Promise<DemoClient | undefined> {
  try {
    const { client_id, client_secret } = JSON.parse(await readFile(file, 'utf8'));
    return typeof client_id === 'string' && typeof client_secret === 'string' ? { client_id, client_secret } : undefined;
  } catch {
    return undefined;
  }
}

/** The demo client of this data directory: the stored one while it is active in the database, else a new one from `create`. */
export async function ensureDemoClient(db: Queryable, dataDir: string, create: () => Promise<DemoClient>): Promise<DemoClient> {
  const file = demoClientFile(dataDir);
  const stored = await readDemoClient(file);
  if (stored && !(await new ApiClientRepository().isRevoked(db, stored.client_id))) return stored;
  const { client_id, client_secret } = await create();
  await writeFile(file, `${JSON.stringify({ client_id, client_secret }, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a file it creates: an older file keeps its mode otherwise.
  await chmod(file, 0o600);
  return { client_id, client_secret };
}
