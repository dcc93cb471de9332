// npm run bench:replica: the bench's row with reads on a replica. Starts Debian's Postgres 15 (postgresql-15) as a
// primary and a hot standby streaming from it (pg_basebackup -R), on loopback in a temp folder (as the postgres
// user when run as root), then runs the bench on them: DATABASE_URL the primary, BENCH_READ_URL the replica, and
// BENCH_SCENARIOS inventory-1k,inventory-1k-replica unless set (any other bench setting passes through). Both
// rows and the baseline then run on the same Postgres 15 primary in the same run. Where postgresql-15 is missing:
// SKIPPED, exit 0. The pair is started as libs/testing's debian-database-tier.ts starts it for the tests.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './run-built.mjs';

const PG15_BIN = '/usr/lib/postgresql/15/bin';
const say = (line) => process.stderr.write(`[bench:replica] ${line}\n`);
if (!existsSync(join(PG15_BIN, 'postgres'))) {
  console.log('SKIPPED: bench:replica: postgresql-15 is not installed (apt-get install postgresql-15)');
  process.exit(0);
}

const asRoot = process.getuid?.() === 0;
const command = (file, args) => (asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args]);
const run = (file, args) => {
  const [bin, argv] = command(file, args);
  execFileSync(bin, argv, { stdio: ['ignore', 'ignore', 'inherit'] });
};
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const dir = mkdtempSync(join(tmpdir(), 'gateway-bench-pg15-'));
if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
const [primaryPort, replicaPort] = [await freePort(), await freePort()];
const servers = [];
const start = (dataDir, port) => {
  // The bench's embedded server's settings that matter here: loopback, no fsync (a bench, not a store).
  const [bin, argv] = command(join(PG15_BIN, 'postgres'), [
    '-D',
    dataDir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'max_connections=200',
  ]);
  servers.push({ child: spawn(bin, argv, { stdio: 'ignore' }), dataDir });
};
const stop = () => {
  for (const { child, dataDir } of servers.reverse()) {
    try {
      run(join(PG15_BIN, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast']);
    } catch {
      child.kill('SIGKILL');
    }
  }
  rmSync(dir, { recursive: true, force: true });
};
const ready = async (port) => {
  for (let i = 0; i < 150; i++) {
    try {
      execFileSync(join(PG15_BIN, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`Postgres 15 on port ${port} did not start`);
};

let status = 1;
try {
  run(join(PG15_BIN, 'initdb'), ['-D', join(dir, 'primary'), '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  start(join(dir, 'primary'), primaryPort);
  await ready(primaryPort);
  run(join(PG15_BIN, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', join(dir, 'replica'), '-R', '-X', 'stream']);
  start(join(dir, 'replica'), replicaPort);
  await ready(replicaPort);
  say(`Postgres 15: primary on 127.0.0.1:${primaryPort}, streaming replica on 127.0.0.1:${replicaPort}`);
  const env = {
    ...process.env,
    DATABASE_URL: `postgresql://postgres@127.0.0.1:${primaryPort}/postgres`,
    BENCH_READ_URL: `postgresql://postgres@127.0.0.1:${replicaPort}/postgres`,
    BENCH_SCENARIOS: process.env.BENCH_SCENARIOS ?? 'inventory-1k,inventory-1k-replica',
  };
  const bench = spawn(process.execPath, [join(root, 'tools/bench.mjs'), ...process.argv.slice(2)], { env, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => bench.kill(signal));
  status = await new Promise((resolve) => bench.on('exit', (code) => resolve(code ?? 1)));
} finally {
  stop();
}
process.exit(status);
