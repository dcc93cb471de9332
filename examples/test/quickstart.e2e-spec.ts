// The SDK example (`npm run example`, its production bundle) against the public gateway as a real
// process, on a database holding the demo data, with a client registered for client_secret_post.
import { ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Database, Fixture } from '@gateway/persistence';
import { freePort } from '@gateway/dev-postgres';
import { TestDatabase, createTestClient, createTestDatabase, gatewayTestEnv, importFixture } from '@gateway/testing';

const root = join(__dirname, '../..');

function run(program: string, env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, [join(root, program)], { cwd: root, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output, exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

describe('the SDK example', () => {
  let database: TestDatabase;
  let gateway: ReturnType<typeof run>;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = new Database({ url: database.url, poolMax: 1 });
    await importFixture(db, JSON.parse(readFileSync(join(root, 'fixtures/demo.json'), 'utf8')) as Fixture);
    await db.close();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    gateway = run('dist/apps/public-gateway/main.js', { ...gatewayTestEnv(database.url, { PUBLIC_BASE_URL: url }), PUBLIC_GATEWAY_PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    const deadline = Date.now() + 60_000;
    while (!(await fetch(`${url}/health/ready`).then((r) => r.status === 200, () => false))) {
      if (Date.now() > deadline) throw new Error(`the public gateway did not become ready:\n${gateway.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 90_000);

  afterAll(async () => {
    gateway?.child.kill('SIGTERM');
    await gateway?.exit;
    await database.drop();
  });

  it('gets a token, reads organizations and inventory, and creates one sales order that a retry replays', async () => {
    const client = await createTestClient(database.url, { type: 'SERVICE' });
    const example = run('dist/examples/main.js', { GATEWAY_URL: url, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret });
    expect([await example.exit, example.output()]).toEqual([0, expect.any(String)]);
    const lines = example.output().trimEnd().split('\n');
    expect(lines[0]).toBe('token: minted (reused until shortly before it expires)');
    expect(lines[1]).toBe('organizations: Lumen Home Goods, Nordic Outdoor Supply, Pixel Pet Co.');
    expect(lines.filter((line) => line.startsWith('inventory at ')).length).toBeGreaterThan(0);
    expect(lines.at(-2)).toMatch(/^sales order [0-9a-f-]{36}: RECEIVED, fulfilment order fo-[0-9a-f-]{36}$/);
    expect(lines.at(-1)).toBe('sent again with the same Idempotency-Key: the same order (replayed)');
    // Nothing secret printed.
    expect(example.output()).not.toContain(client.clientSecret);
  }, 60_000);
});
