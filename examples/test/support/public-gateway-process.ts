// The public gateway's production bundle as a real process, on a fresh database holding the demo data:
// what the examples' tests run against, as an integrator's program would.
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Database } from '@gateway/persistence';
import { Fixture } from '@gateway/fixture-import';
import { freePort } from '@gateway/dev-postgres';
import { TestDatabase, createTestDatabase, gatewayTestEnv, importFixture } from '@gateway/testing';

export const root = join(__dirname, '../../..');

export interface Running {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

export function run(program: string, args: string[], env: NodeJS.ProcessEnv, cwd = root): Running {
  let output = '';
  const child = spawn(process.execPath, [program, ...args], { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output, exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

export interface DemoGateway {
  database: TestDatabase;
  url: string;
  /** The internal gateway on the same database, when asked for. */
  internalUrl?: string;
  stop(): Promise<void>;
}

/** Waits until a gateway answers /health/ready (60 s at most). */
async function ready(url: string, process: Running): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    ))
  ) {
    if (Date.now() > deadline) throw new Error(`${url} did not become ready:\n${process.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startDemoGateway(extraEnv: Record<string, string> = {}, options: { internal?: boolean } = {}): Promise<DemoGateway> {
  const database = await createTestDatabase();
  const db = new Database({ url: database.url, poolMax: 1 });
  await importFixture(db, JSON.parse(readFileSync(join(root, 'fixtures/demo.json'), 'utf8')) as Fixture);
  await db.close();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const gateway = run(join(root, 'dist/apps/public-gateway/main.js'), [], {
    ...gatewayTestEnv(database.url, { PUBLIC_BASE_URL: url }),
    PUBLIC_GATEWAY_PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  await ready(url, gateway);
  // The internal gateway verifies the public one's tokens with the signing keys in the database.
  const internalPort = options.internal ? await freePort() : undefined;
  const internalUrl = internalPort ? `http://127.0.0.1:${internalPort}` : undefined;
  const internal = internalUrl
    ? run(join(root, 'dist/apps/internal-gateway/main.js'), [], {
        ...gatewayTestEnv(database.url, { PUBLIC_BASE_URL: url }),
        INTERNAL_GATEWAY_PORT: String(internalPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      })
    : undefined;
  if (internal && internalUrl) await ready(internalUrl, internal);
  return {
    database,
    url,
    internalUrl,
    stop: async () => {
      for (const process of [gateway, internal]) process?.child.kill('SIGTERM');
      await Promise.all([gateway.exit, internal?.exit]);
      await database.drop();
    },
  };
}
