// The embedded server of a DATA_DIR, shared by every process that uses it (`npm start`, admin commands,
// any number at once). Each process holds a lease while it uses the server: a file in
// DATA_DIR/postgres-leases named after its pid and start time. The first process in starts the server
// (detached, so that it outlives its starter), the last one out stops it. A lease whose process is gone
// (SIGKILL) counts for nothing. Joining and leaving happen under one lock file, so the last one out
// never stops a server under a process that has just joined, and two processes never both start one.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  Credentials,
  processExists,
  runningEmbeddedServer,
  startDetachedEmbeddedPostgres,
  stopDetachedEmbeddedPostgres,
  waitUntilReady,
} from './embedded-postgres';

export interface EmbeddedLease {
  port: number;
  credentials: Credentials;
  /** Gives the lease back; stops the server when no other live process holds one. Answers whether it stopped it. */
  release(): Promise<boolean>;
}

const LOCK_TIMEOUT_MS = 120_000;
/** A lock file still empty after this long was left by a process that died between creating and writing it. */
const EMPTY_LOCK_STALE_MS = 5_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Field 22 of /proc/<pid>/stat: the process's start time, so that a reused pid is not taken for the process that held a lease. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** `<pid>` or `<pid>-<start time>`: names a process for as long as it lives. */
export function processIdentity(pid = process.pid): string {
  const started = startTime(pid);
  return started === undefined ? String(pid) : `${pid}-${started}`;
}

export function identityIsAlive(identity: string): boolean {
  const [pid, started] = identity.trim().split('-');
  if (!/^\d+$/.test(pid) || !processExists(Number(pid))) return false;
  return started === undefined || startTime(Number(pid)) === undefined || startTime(Number(pid)) === started;
}

async function withLifecycleLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const lockFile = join(dataDir, 'postgres-lifecycle.lock');
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  for (;;) {
    try {
      await writeFile(lockFile, processIdentity(), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readFile(lockFile, 'utf8').catch(() => undefined);
    if (owner === undefined) continue; // released meanwhile
    const stale =
      owner === ''
        ? await stat(lockFile).then(
            (s) => Date.now() - s.mtimeMs > EMPTY_LOCK_STALE_MS,
            () => false,
          )
        : !identityIsAlive(owner);
    if (stale) {
      await unlink(lockFile).catch(() => undefined);
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another process (${owner}) has held ${lockFile} for over ${LOCK_TIMEOUT_MS / 1000} s`);
    await sleep(25);
  }
  try {
    return await work();
  } finally {
    await unlink(lockFile).catch(() => undefined);
  }
}

/** The live leases of the folder; the files of processes that are gone are removed. */
async function liveLeases(leaseDir: string): Promise<string[]> {
  const names = await readdir(leaseDir).catch(() => [] as string[]);
  const live: string[] = [];
  for (const name of names) {
    if (identityIsAlive(name)) live.push(name);
    else await rm(join(leaseDir, name), { force: true });
  }
  return live;
}

/**
 * Joins the server running on `dataDir`, or starts it, and holds a lease on it until `release()`.
 * `prepare` runs under the lock once the server is up (creating a database: two processes at once would collide).
 */
export async function leaseEmbeddedServer(options: {
  dataDir: string;
  onLog?: (message: string) => void;
  prepare?: (server: { port: number; credentials: Credentials }) => Promise<void>;
}): Promise<EmbeddedLease> {
  const dataDir = resolve(options.dataDir);
  const leaseDir = join(dataDir, 'postgres-leases');
  await mkdir(leaseDir, { recursive: true });
  const lease = join(leaseDir, processIdentity());
  const server = await withLifecycleLock(dataDir, async () => {
    await writeFile(lease, '', { mode: 0o600 });
    try {
      let running = await runningEmbeddedServer(dataDir);
      if (running) await waitUntilReady(dataDir);
      else running = await startDetachedEmbeddedPostgres({ dataDir, onLog: options.onLog });
      await options.prepare?.(running);
      return running;
    } catch (error) {
      await rm(lease, { force: true });
      throw error;
    }
  });
  let released: Promise<boolean> | undefined;
  return {
    ...server,
    release: () =>
      (released ??= withLifecycleLock(dataDir, async () => {
        await rm(lease, { force: true });
        if ((await liveLeases(leaseDir)).length > 0) return false;
        await stopDetachedEmbeddedPostgres(dataDir);
        return true;
      })),
  };
}
