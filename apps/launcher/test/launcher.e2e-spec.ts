// `npm start` as a newcomer runs it: embedded Postgres, migrations, demo data, both gateways,
// a clean stop on SIGTERM, and a second start that reuses the data.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { embeddedUrl, freePort, runningEmbeddedServer } from '@gateway/dev-postgres';
import { LARGE_IMPORT_ORGANIZATION, writeLargeImportFile } from '@gateway/testing';

const root = join(__dirname, '../../..');

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** extraEnv may unset a variable of the defaults by giving it as undefined. */
function start(
  dataDir: string,
  publicPort: number,
  internalPort: number,
  extraEnv: Record<string, string | undefined> = {},
  detached = false,
  args: string[] = [],
): Started {
  let output = '';
  const child = spawn(process.execPath, [join(root, 'dist/apps/launcher/main.js'), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PUBLIC_GATEWAY_PORT: String(publicPort),
      INTERNAL_GATEWAY_PORT: String(internalPort),
      PUBLIC_BASE_URL: `http://127.0.0.1:${publicPort}`,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitReady(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} never became ready`);
}

/** The banner is complete once its last line is out. */
async function banner(started: Started, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes('[start] Ctrl-C stops everything')) {
    if (Date.now() > deadline) throw new Error(`no start banner:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return started.output();
}

/** The banner's ready-to-run commands (its indented lines): the demo client's two, then the sandbox's three. */
function bannerCommands(output: string): string[] {
  const commands = output
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim());
  expect(commands).toHaveLength(5);
  return commands;
}

/** Commands run as a user would paste them into a shell. */
function runInShell(commands: string[]): string {
  const run = spawnSync('sh', ['-c', commands.join('\n')], { cwd: root, encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH } });
  expect(run.status).toBe(0);
  return run.stdout;
}

/** The demo client's token request and whoami, as printed. */
const runBannerCommands = (output: string): string => runInShell(bannerCommands(output).slice(0, 2));

/** Both gateways ready, or the launcher killed and its output in the error. */
async function waitGatewaysReady(started: Started, publicPort: number, internalPort: number): Promise<void> {
  try {
    await waitReady(`http://127.0.0.1:${publicPort}/health/ready`);
    await waitReady(`http://127.0.0.1:${internalPort}/health/ready`);
  } catch (error) {
    started.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${started.output()}`);
  }
}

function exited(started: Started): Promise<number | null> {
  return new Promise((resolve) => started.child.once('exit', (code) => resolve(code)));
}

function stop(started: Started): Promise<number | null> {
  return new Promise((resolve) => {
    started.child.once('exit', (code) => resolve(code));
    started.child.kill('SIGTERM');
  });
}

describe('npm start (launcher)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves both gateways on a new database with the demo data, stops cleanly, and reuses the data', async () => {
    const [publicPort, internalPort] = [await freePort(), await freePort()];
    // A bad gateway variable is one line naming it, before Postgres, migrations or the import.
    const badKey = start(dataDir, publicPort, internalPort, { KEY_ENCRYPTION_KEY: 'short' });
    expect(await exited(badKey)).toBe(1);
    expect(badKey.output()).toBe('Invalid configuration: KEY_ENCRYPTION_KEY must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)\n');
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
    // A start whose demo import fails leaves the database "new": the next start imports.
    const failedImport = start(dataDir, publicPort, internalPort, { DEMO_FIXTURE: join(dataDir, 'no-such-fixture.json') });
    expect(await exited(failedImport)).toBe(1);
    expect(failedImport.output()).toContain('[start] failed: the demo import failed (exit 1)');
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const first = start(dataDir, publicPort, internalPort);
    await waitGatewaysReady(first, publicPort, internalPort);
    expect(first.output()).toContain('schema up to date');
    expect(first.output()).toContain('new database: importing');
    // Once both gateways listen: a demo client, kept in DATA_DIR (0600), and a token request and whoami ready to paste.
    // Not on a terminal, the secret is not printed: the command reads it from the file.
    const firstBanner = await banner(first);
    const demoFile = join(dataDir, 'demo-client.json');
    const demo = JSON.parse(readFileSync(demoFile, 'utf8'));
    expect(statSync(demoFile).mode & 0o777).toBe(0o600);
    expect(firstBanner).toContain(
      `[start] demo client ${demo.client_id} (SERVICE, public audience, client_secret_basic: also for Authorize in /docs; credentials in ${demoFile}). A token, then whoami:`,
    );
    expect(firstBanner).not.toContain(demo.client_secret);
    expect(JSON.parse(runBannerCommands(firstBanner))).toEqual({ clientType: 'SERVICE', clientId: demo.client_id });
    // Beside it a sandbox organization with a client of its own (0600): its token and order commands work as printed,
    // and the order is of the sandbox (the simulation line needs the simulations endpoint, which is not run here).
    const sandboxFile = join(dataDir, 'sandbox.json');
    const sandbox = JSON.parse(readFileSync(sandboxFile, 'utf8'));
    expect(statSync(sandboxFile).mode & 0o777).toBe(0o600);
    expect(firstBanner).toContain(`[start] sandbox organization ${sandbox.organization.id} (nothing of it reaches a warehouse or is billed)`);
    expect(firstBanner).not.toContain(sandbox.client.client_secret);
    const [sandboxToken, sandboxOrder, simulation] = bannerCommands(firstBanner).slice(2);
    expect(simulation).toContain(`/v0/organizations/${sandbox.organization.id}/sandbox/simulations`);
    const readOrder = `curl -s http://localhost:${publicPort}/v0/organizations/${sandbox.organization.id}/stores/${sandbox.store.id}/sales-orders/$ORDER_ID -H "Authorization: Bearer $SANDBOX_TOKEN"`;
    expect(JSON.parse(runInShell([sandboxToken, sandboxOrder, readOrder]))).toEqual(
      expect.objectContaining({ organizationId: sandbox.organization.id, environment: 'sandbox', orderReference: 'try-1' }),
    );
    // The URLs printed are those served; a PUBLIC_BASE_URL that differs is printed as the issuer.
    expect(first.output()).toContain(`public gateway:   http://localhost:${publicPort}  (docs http://localhost:${publicPort}/docs`);
    expect(first.output()).toContain(`public gateway token issuer (PUBLIC_BASE_URL): http://127.0.0.1:${publicPort}`);
    // The internal gateway's Swagger UI may mint tokens at the public token endpoint (TOKEN_CORS_ORIGINS), another origin not.
    const preflight = (origin: string) =>
      fetch(`http://127.0.0.1:${publicPort}/oauth2/token`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
      });
    const [staff, stranger] = [await preflight(`http://localhost:${internalPort}`), await preflight('http://localhost:1')];
    expect([staff.status, staff.headers.get('access-control-allow-origin'), stranger.status, stranger.headers.get('access-control-allow-origin')]).toEqual([
      204,
      `http://localhost:${internalPort}`,
      404,
      null,
    ]);

    const server = await runningEmbeddedServer(dataDir);
    expect(server).toBeDefined();
    const client = new pg.Client({ connectionString: embeddedUrl(server!.credentials, server!.port, 'gateway') });
    await client.connect();
    const { rows } = await client.query<{ organizations: number; invoices: number }>(
      'SELECT (SELECT count(*)::int FROM organizations) AS organizations, (SELECT count(*)::int FROM invoices) AS invoices',
    );
    await client.end();
    expect(rows[0].organizations).toBeGreaterThanOrEqual(3);
    expect(rows[0].invoices).toBeGreaterThanOrEqual(6);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('[start] stopped');
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // The second start also serves each gateway's metrics on its own port; a METRICS_PORT in the environment is not inherited by both.
    // It leaves PUBLIC_BASE_URL unset: the issuer is then the public gateway as served, on PUBLIC_GATEWAY_PORT (not 3000).
    const [publicMetrics, internalMetrics, stray] = [await freePort(), await freePort(), await freePort()];
    const second = start(dataDir, publicPort, internalPort, {
      PUBLIC_METRICS_PORT: String(publicMetrics),
      INTERNAL_METRICS_PORT: String(internalMetrics),
      METRICS_PORT: String(stray),
      PUBLIC_BASE_URL: undefined,
    });
    await waitReady(`http://127.0.0.1:${publicPort}/health/ready`);
    await waitReady(`http://127.0.0.1:${internalPort}/health/ready`);
    expect(second.output()).toContain('schema up to date');
    expect(second.output()).not.toContain('importing');
    // The demo client is made once per data directory.
    expect(await banner(second)).toContain(`[start] demo client ${demo.client_id} `);
    expect(second.output()).not.toContain('creating the demo client');
    expect(second.output()).toContain(`[start] sandbox organization ${sandbox.organization.id} `);
    expect(second.output()).not.toContain('creating the demo sandbox organization');
    expect(second.output()).toContain(`public gateway metrics: http://127.0.0.1:${publicMetrics}/metrics`);
    for (const port of [publicMetrics, internalMetrics]) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE gateway_http_request_duration_seconds histogram');
    }
    await expect(fetch(`http://127.0.0.1:${stray}/metrics`)).rejects.toThrow();

    const served = `http://localhost:${publicPort}`;
    expect(second.output()).toContain(`public gateway:   ${served}  (docs ${served}/docs, OpenAPI ${served}/openapi.json)`);
    expect(second.output()).not.toContain('token issuer');
    const discovery = (await (await fetch(`${served}/.well-known/oauth-authorization-server`)).json()) as { issuer: string };
    expect(discovery.issuer).toBe(served);
    // A bearer call works end to end: the gateway finds its own keys at the issuer.
    const restarted = await runningEmbeddedServer(dataDir);
    const created = spawnSync(process.execPath, [join(root, 'dist/apps/admin-cli/main.js'), 'clients:create', '--type', 'SERVICE'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: embeddedUrl(restarted!.credentials, restarted!.port, 'gateway') },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(created.status).toBe(0);
    const { client_id, client_secret } = JSON.parse(created.stdout);
    const minted = await fetch(`${served}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id, client_secret }).toString(),
    });
    expect(minted.status).toBe(200);
    const whoami = await fetch(`${served}/v0/whoami`, {
      headers: { authorization: `Bearer ${((await minted.json()) as { access_token: string }).access_token}` },
    });
    expect([whoami.status, await whoami.json()]).toEqual([200, { clientType: 'SERVICE', clientId: client_id }]);
    expect(await stop(second)).toBe(0);
  }, 180_000);

  it('Ctrl-C to the whole process group drains the gateways before Postgres stops; a SIGKILLed launcher takes the gateways along', async () => {
    const [publicPort, internalPort] = [await freePort(), await freePort()];
    // The launcher leads its own process group, as under a terminal; the "Ctrl-C" is SIGINT to all of it.
    const first = start(dataDir, publicPort, internalPort, {}, true);
    await waitReady(`http://127.0.0.1:${publicPort}/health/ready`);
    await waitReady(`http://127.0.0.1:${internalPort}/health/ready`);
    process.kill(-first.child.pid!, 'SIGINT');
    expect(await exited(first)).toBe(0);
    // Postgres was stopped by the launcher once the gateways were done, not by the terminal's signal first.
    expect(first.output()).toMatch(/stopping: draining the gateways[\s\S]*releasing Postgres\n\[start\] Postgres stopped[\s\S]*\[start\] stopped/);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // --quiet: the URLs, no demo client nor commands.
    const second = start(dataDir, publicPort, internalPort, {}, false, ['--quiet']);
    await waitReady(`http://127.0.0.1:${publicPort}/health/ready`);
    await waitReady(`http://127.0.0.1:${internalPort}/health/ready`);
    expect(await banner(second)).toContain(`[start] public gateway:   http://localhost:${publicPort}  (docs`);
    expect(second.output()).not.toContain('demo client');
    expect(second.output()).not.toContain('sandbox organization');
    second.child.kill('SIGKILL');
    await exited(second);
    // The gateways see their IPC channel to the launcher close, drain and stop: their ports close.
    for (const port of [publicPort, internalPort]) {
      const deadline = Date.now() + 30_000;
      while (
        Date.now() < deadline &&
        (await fetch(`http://127.0.0.1:${port}/health/live`).then(
          () => true,
          () => false,
        ))
      )
        await new Promise((r) => setTimeout(r, 200));
      await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();
    }
    // Postgres (own process group, nobody to stop it) is left running: stop it as an operator would.
    const server = await runningEmbeddedServer(dataDir);
    const pid = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(server).toBeDefined();
    process.kill(pid, 'SIGINT');
    while (existsSync(join(dataDir, 'postgres', 'postmaster.pid'))) await new Promise((r) => setTimeout(r, 200));
  }, 180_000);

  it('joins the embedded Postgres of an import in progress: the import, the start and the gateways all keep working', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'gateway-start-import-'));
    try {
      const file = join(shared, 'large.json');
      const { barcodes } = await writeLargeImportFile(file, 10_000_000);
      const leases = () => (existsSync(join(shared, 'postgres-leases')) ? readdirSync(join(shared, 'postgres-leases')) : []);
      const importer = spawn(process.execPath, [join(root, 'dist/apps/admin-cli/main.js'), '--json', 'import', file], {
        env: { PATH: process.env.PATH, DATA_DIR: shared },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let importOutput = '';
      importer.stdout.on('data', (chunk) => (importOutput += chunk));
      importer.stderr.on('data', (chunk) => (importOutput += chunk));
      const imported = new Promise<number | null>((resolve) => importer.once('exit', (code) => resolve(code)));
      // The import has started the server, holds its lease and has left the lifecycle lock (it is importing); it is
      // then paused (SIGSTOP), so that npm start provably joins while the import is in progress, however loaded the
      // machine, and resumed once it has.
      // Importing means inside its transaction: a connection still being opened when the process is paused would
      // time out the moment it is resumed (the pause counts against its connect timeout).
      const inTransaction = async () => {
        const server = await runningEmbeddedServer(shared);
        if (!server) return false;
        const probe = new pg.Client({ connectionString: embeddedUrl(server.credentials, server.port, 'gateway') });
        try {
          await probe.connect();
          const { rows } = await probe.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = 'gateway' AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')",
          );
          return rows[0].n > 0;
        } catch {
          return false;
        } finally {
          await probe.end().catch(() => undefined);
        }
      };
      const importing = async () => leases().length === 1 && !existsSync(join(shared, 'postgres-lifecycle.lock')) && (await inTransaction());
      while (!(await importing()) && importer.exitCode === null) await new Promise((r) => setTimeout(r, 50));
      expect({ importerRunning: importer.exitCode === null }).toEqual({ importerRunning: true });
      importer.kill('SIGSTOP');
      const [publicPort, internalPort] = [await freePort(), await freePort()];
      const launcher = start(shared, publicPort, internalPort);
      try {
        while (leases().length < 2) await new Promise((r) => setTimeout(r, 50));
        expect({ joinedDuringImport: importer.exitCode === null }).toEqual({ joinedDuringImport: true });
      } finally {
        importer.kill('SIGCONT');
      }

      expect([await imported, importOutput]).toEqual([0, expect.stringContaining(`"inventory":{"inserted":${barcodes}`)]);
      await waitGatewaysReady(launcher, publicPort, internalPort);
      // The importer is gone; the server it started still serves the gateways (readiness checks the database).
      expect(importer.exitCode).toBe(0);
      const server = await runningEmbeddedServer(shared);
      const client = new pg.Client({ connectionString: embeddedUrl(server!.credentials, server!.port, 'gateway') });
      await client.connect();
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM inventory_levels WHERE organization_id = $1', [
        LARGE_IMPORT_ORGANIZATION,
      ]);
      await client.end();
      expect(rows[0].n).toBe(barcodes);
      expect((await fetch(`http://127.0.0.1:${internalPort}/health/ready`)).status).toBe(200);

      // The launcher is the last one out: it stops Postgres.
      expect(await stop(launcher)).toBe(0);
      expect(launcher.output()).toContain('[start] Postgres stopped');
      expect(existsSync(join(shared, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  }, 240_000);
});
