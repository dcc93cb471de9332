// The demo credentials of `npm start`, kept in DATA_DIR (mode 0600) so that the start banner can show
// ready-to-run requests: one SERVICE client of the public audience (demo-client.json), and a sandbox
// organization with an ORGANIZATION client of its own (sandbox.json, contract 6.10). What no longer works
// there (a revoked client, another database) is replaced.
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiClientRepository, Queryable } from '@gateway/persistence';

export interface DemoClient {
  client_id: string;
  client_secret: string;
}

/** What `admin organizations:create --sandbox` printed, as the banner needs it. */
export interface DemoSandbox {
  organization: { id: string; name: string };
  client: DemoClient;
  store: { id: string };
  retailUnits: { sku: string }[];
}

export const DEMO_CLIENT_NAME = 'demo client (npm start)';
export const DEMO_SANDBOX_NAME = 'Sandbox (npm start)';
export const demoClientFile = (dataDir: string): string => join(dataDir, 'demo-client.json');
export const demoSandboxFile = (dataDir: string): string => join(dataDir, 'sandbox.json');

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The value stored in `file` while `usable` says it still works, else a new one from `create`, stored (0600). */
async function keptInDataDir<T>(file: string, usable: (stored: unknown) => Promise<T | undefined>, create: () => Promise<T>): Promise<T> {
  const stored = await usable(await readJson(file));
  if (stored) return stored;
  const created = await create();
  await writeFile(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a file it creates: an older file keeps its mode otherwise.
  await chmod(file, 0o600);
  return created;
}

const isClient = (value: unknown): value is DemoClient =>
  typeof (value as DemoClient)?.client_id === 'string' && typeof (value as DemoClient)?.client_secret === 'string';

const activeClient = async (db: Queryable, client: DemoClient) => !(await new ApiClientRepository().isRevoked(db, client.client_id));

/** The demo client of this data directory: the stored one while it is active in the database, else a new one from `create`. */
export function ensureDemoClient(db: Queryable, dataDir: string, create: () => Promise<DemoClient>): Promise<DemoClient> {
  return keptInDataDir(
    demoClientFile(dataDir),
    async (stored) => (isClient(stored) && (await activeClient(db, stored)) ? { client_id: stored.client_id, client_secret: stored.client_secret } : undefined),
    async () => {
      const { client_id, client_secret } = await create();
      return { client_id, client_secret };
    },
  );
}

/** The demo sandbox of this data directory: the stored one while it is a sandbox with its client active, else a new one. */
export function ensureDemoSandbox(db: Queryable, dataDir: string, create: () => Promise<DemoSandbox>): Promise<DemoSandbox> {
  return keptInDataDir(
    demoSandboxFile(dataDir),
    async (stored) => {
      const sandbox = stored as DemoSandbox | undefined;
      if (!isClient(sandbox?.client) || typeof sandbox?.organization?.id !== 'string' || typeof sandbox?.store?.id !== 'string') return undefined;
      const { rows } = await db.query("SELECT 1 FROM organizations WHERE id::text = $1 AND environment = 'SANDBOX'", [sandbox.organization.id]);
      return rows.length > 0 && (await activeClient(db, sandbox.client)) ? sandbox : undefined;
    },
    create,
  );
}
