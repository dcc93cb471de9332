// The servers the bench compares, started as `npm run bench` starts them (bench/src/main.ts) but on a test
// database: the gateways from their production bundles (built before the bench's tests, project.json),
// the baseline from its TypeScript source (compiled by SWC on load), each a child process with its log
// in a temp folder. Background workers are off, so that nothing but the requests of the test writes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@gateway/dev-postgres';
import { GATEWAY_NODE_FLAGS } from '@gateway/platform';
import { TEST_KEY_ENCRYPTION_KEY } from '@gateway/testing';
import { ServerProcess, startServer } from '../../src/processes';
import { GatewayName } from '../../src/scenarios';

const root = join(__dirname, '../../..');

export interface BenchServers {
  gateways: Record<GatewayName, ServerProcess>;
  baseline: ServerProcess;
  stop(): Promise<void>;
}

/**
 * The baseline loads the issuer's signing keys once, when it starts, and the public gateway makes its first
 * key on the first token it issues: `beforeBaseline` mints one (main.ts does too) before the baseline starts.
 */
export async function startBenchServers(databaseUrl: string, beforeBaseline: (publicUrl: string, internalUrl: string) => Promise<void>): Promise<BenchServers> {
  const logs = mkdtempSync(join(tmpdir(), 'bench-equivalence-'));
  const started: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    rmSync(logs, { recursive: true, force: true });
  };
  try {
    const [publicPort, uncachedPort, internalPort, baselinePort] = await Promise.all(Array.from({ length: 4 }, freePort));
    const publicUrl = `http://127.0.0.1:${publicPort}`;
    const common = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: '4',
      PUBLIC_BASE_URL: publicUrl,
      // The baseline counts no request quota (the bench measures the quota's cost apart, quotas on against off):
      // with it on, the gateways would write the quota's counters to rate_limits, which the baseline never does.
      API_RATE_LIMIT_ENABLED: 'false',
    };
    const start = async (name: string, script: string, port: number, env: NodeJS.ProcessEnv, nodeArgs: string[] = [...GATEWAY_NODE_FLAGS]) => {
      const url = `http://127.0.0.1:${port}`;
      const server = await startServer({ name, script, nodeArgs, url, readyPath: '/health/ready', logFile: join(logs, `${name.replace(/ /g, '-')}.log`), env });
      started.push(server);
      return server;
    };
    const publicEnv = { ...common, KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY, TOKEN_RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_WORKERS: 'false' };
    const publicBundle = join(root, 'dist/apps/public-gateway/main.js');
    // The public gateway first: it is the issuer whose keys the others load when they start.
    const publicGateway = await start('public gateway', publicBundle, publicPort, {
      ...publicEnv,
      PUBLIC_GATEWAY_PORT: String(publicPort),
      TOKEN_CACHE_ENABLED: 'true',
    });
    const gateways = await Promise.allSettled([
      start('public gateway without token cache', publicBundle, uncachedPort, {
        ...publicEnv,
        PUBLIC_GATEWAY_PORT: String(uncachedPort),
        TOKEN_CACHE_ENABLED: 'false',
      }),
      start('internal gateway', join(root, 'dist/apps/internal-gateway/main.js'), internalPort, {
        ...common,
        INTERNAL_GATEWAY_PORT: String(internalPort),
        JOB_WORKERS: 'false',
      }),
    ]);
    const failed = gateways.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const [uncached, internal] = gateways.map((r) => (r as PromiseFulfilledResult<ServerProcess>).value);
    await beforeBaseline(publicUrl, internal.url);
    const baseline = await start(
      'baseline',
      join(root, 'bench/src/baseline/baseline-server.ts'),
      baselinePort,
      { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATABASE_POOL_MAX: '4', BASELINE_PORT: String(baselinePort), BASELINE_ISSUER: publicUrl },
      ['-r', join(__dirname, 'swc-register.cjs')],
    );
    // The replica row's gateway answers as the public one (here there is no replica: its reads go to the database).
    return { gateways: { public: publicGateway, 'public-no-token-cache': uncached, 'public-replica': publicGateway, internal }, baseline, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
