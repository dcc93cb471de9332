// A Postgres server of the test's own, in a process it may stop and start again on the same port and data.
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database, migrate } from '@gateway/persistence';
import { ensureDatabase, freePort } from '@gateway/dev-postgres';

export interface OwnPostgres {
  databaseUrl: string;
  db: Database;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

async function spawnServer(dataDir: string, port: number, password: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(__dirname, 'postgres-server.mjs'), dataDir, String(port), 'gateway', password], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (!output.includes('ready')) {
    if (child.exitCode !== null) throw new Error(`the Postgres server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the Postgres server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dataDir = await mkdtemp(join(tmpdir(), 'resilience-pg-'));
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  let server: ChildProcess | undefined = await spawnServer(dataDir, port, password);
  const url = (database: string) => `postgresql://gateway:${password}@127.0.0.1:${port}/${database}`;
  await ensureDatabase(url('postgres'), 'gateway');
  const db = new Database({ url: url('gateway'), poolMax: 3 });
  await migrate(db);
  const stop = async () => {
    if (!server) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
    server = undefined;
  };
  return {
    databaseUrl: url('gateway'),
    db,
    stop,
    start: async () => {
      server = await spawnServer(dataDir, port, password);
    },
    destroy: async () => {
      await db.close();
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
