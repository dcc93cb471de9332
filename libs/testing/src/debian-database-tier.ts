// Debian's database tier started by a test, on loopback: a Postgres 15 primary with a streaming replica
// (postgresql-15: initdb, pg_basebackup), and PgBouncer 1.18 in transaction mode in front of a server. As root,
// every process runs as the `postgres` system user (Postgres and PgBouncer refuse root). Tests that need them
// skip, saying which package is missing, where they are not installed.
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '@gateway/dev-postgres';

const PG15_BIN = '/usr/lib/postgresql/15/bin';
const PGBOUNCER = '/usr/sbin/pgbouncer';

/** Why Debian's Postgres 15 (the primary and replica pair) cannot run here, or undefined when it can. */
export function postgres15Missing(): string | undefined {
  if (!existsSync(join(PG15_BIN, 'postgres'))) return 'postgresql-15 is not installed (apt-get install postgresql-15)';
  if (process.getuid?.() === 0 && !userExists('postgres')) return 'running as root without a postgres user';
  return undefined;
}

/** Why the whole Debian tier (Postgres 15 and PgBouncer) cannot run here, or undefined when it can. */
export function debianDatabaseTierMissing(): string | undefined {
  return postgres15Missing() ?? (existsSync(PGBOUNCER) ? undefined : 'pgbouncer is not installed (apt-get install pgbouncer)');
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const asRoot = () => process.getuid?.() === 0;
/** The command line, as the postgres user when we are root. */
function command(file: string, args: string[]): [string, string[]] {
  return asRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}
function run(file: string, args: string[]): void {
  const [bin, argv] = command(file, args);
  execFileSync(bin, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
}
function ownedDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

export interface Postgres15Pair {
  /** Superuser `postgres`, database `postgres`, trust on loopback. */
  primaryUrl: string;
  replicaUrl: string;
  /** Resolves once the replica has replayed everything the primary wrote so far. */
  caughtUp(): Promise<void>;
  /**
   * Runs `work` with the replica frozen at what the primary holds now: caught up, then its replay paused
   * (`pg_wal_replay_pause()`: it goes on answering what it has). Replay resumes whatever `work` does, and once
   * `work` has succeeded the replica is caught up again before its result is returned.
   */
  whileReplayPaused<T>(work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

async function waitReady(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A Postgres 15 primary and a hot standby streaming from it (pg_basebackup -R). */
export async function startPostgres15Pair(): Promise<Postgres15Pair> {
  const dir = ownedDir('gateway-pg15-');
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  run(join(PG15_BIN, 'initdb'), ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const settings = (port: number) => ['-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=60'];
  const servers: Array<{ child: ChildProcess; dataDir: string }> = [];
  const start = (dataDir: string, port: number) => {
    const [bin, argv] = command(join(PG15_BIN, 'postgres'), ['-D', dataDir, ...settings(port)]);
    servers.push({ child: spawn(bin, argv, { stdio: 'ignore' }), dataDir });
  };
  const primaryUrl = `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`;
  const replicaUrl = `postgresql://postgres@127.0.0.1:${replicaPort}/postgres`;
  const stop = async () => {
    for (const { child, dataDir } of servers.reverse()) {
      // pg_ctl signals the server itself (runuser, in between when root, does not pass SIGINT on).
      const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
      try {
        run(join(PG15_BIN, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'immediate']);
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    start(primaryDir, primaryPort);
    await waitReady(primaryUrl);
    run(join(PG15_BIN, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream']);
    start(replicaDir, replicaPort);
    await waitReady(replicaUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  const caughtUp = async () => {
    const primary = new pg.Client({ connectionString: primaryUrl });
    const replica = new pg.Client({ connectionString: replicaUrl });
    try {
      await primary.connect();
      await replica.connect();
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      const deadline = Date.now() + 10_000;
      while (!(await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [rows[0].lsn])).rows[0].done) {
        if (Date.now() > deadline) throw new Error('the replica did not catch up in 10 s');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await primary.end();
      await replica.end();
    }
  };
  const whileReplayPaused = async <T>(work: () => Promise<T>): Promise<T> => {
    await caughtUp();
    const replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();
    let result: T;
    try {
      await replica.query('SELECT pg_wal_replay_pause()');
      result = await work();
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()').finally(() => replica.end());
    }
    await caughtUp();
    return result;
  };
  return { primaryUrl, replicaUrl, caughtUp, whileReplayPaused, stop };
}

export interface PgBouncer {
  /** Any user name: PgBouncer logs in to the server as the target URL's user (auth_type any). */
  url: string;
  stop(): Promise<void>;
}

/** Resolves once something accepts TCP connections on the port. */
async function waitListening(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (
    !(await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(true)).on('error', () => resolve(false));
      socket.unref();
      setTimeout(() => socket.destroy(), 1_000).unref();
    }))
  ) {
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * PgBouncer in transaction mode in front of `targetUrl` (on loopback), `poolSize` server connections. Ready once
 * a session through it works, or only once it listens when `serverUp` is false (a server that is gone).
 */
export async function startPgBouncer(targetUrl: string, poolSize = 2, serverUp = true): Promise<PgBouncer> {
  const target = new URL(targetUrl);
  const dir = ownedDir('gateway-pgbouncer-');
  const port = await freePort();
  const database = target.pathname.slice(1);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port} dbname=${database} user=${decodeURIComponent(target.username)}${target.password ? ` password=${decodeURIComponent(target.password)}` : ''}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = any',
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 200',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const [bin, argv] = command(PGBOUNCER, [join(dir, 'pgbouncer.ini')]);
  const child = spawn(bin, argv, { stdio: 'ignore' });
  const url = `postgresql://gateway@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    // SIGTERM: runuser passes it on (not SIGINT); PgBouncer then stops at once.
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await (serverUp ? waitReady(url) : waitListening(port));
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
