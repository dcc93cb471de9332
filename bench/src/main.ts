// `npm run bench`: Postgres (embedded in a temp folder unless DATABASE_URL is set), a generated dataset,
// the gateways in production mode (the public one twice: token cache on and off), each with its request
// quota on (at a limit no run reaches) and once more with quotas off, the baseline server and oidc-provider
// as child processes, load from a separate child process, then the comparison table and
// bench/results/bench-<time>.json. main() runs the phases below in order; each says what it does.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { GATEWAY_NODE_FLAGS, loadConfigOrExit } from '@gateway/platform';
import { ApiClientRepository, Database, WebhookEndpointRepository, migrate } from '@gateway/persistence';
import { EmbeddedServer, ensureDatabase, freePort, startEmbeddedPostgres } from '@gateway/dev-postgres';
import { ApiClientsService, NewClientSpec } from '@gateway/domain';
import { BenchConfig } from './bench.config';
import { BenchDataset, INVENTORY_SIZES, loadDataset } from './dataset';
import { cpuSeconds, mintToken, mintTokens, salesOrderBody, salesOrdersPath } from './load/load-kit.mjs';
import { LoadGenerator } from './load-generator';
import { LoadResult, LoadSpec } from './load/load-spec';
import { quotaRoundPlan, sliceOrder } from './quota-slices';
import { ServerProcess, peakResidentMb, residentMb, sampleMemory, startServer } from './processes';
import { BenchReport, CostGrowthReport, ReplicaReadsReport, ScenarioReport, formatReport, readPreviousRun, verdictOf, writeReport } from './report';
import { BenchContext, GatewayName, SCENARIOS, Scenario, ScenarioRequest } from './scenarios';
import { prepareReturnableOrders, returnableOrderCount } from './returnable-order';
import { Figures, summarize } from './stats';
import { WebhookDeliveryReport, measureWebhookDelivery } from './webhook-delivery';
import { measureWebhookCapacity, measureWebhookLag, waitForWebhookDispatcher } from './webhook-capacity';
import { measureWebhookFanout } from './webhook-fanout';

const root = join(__dirname, '../..');
/** The gateways' request quota in the bench: on, at a limit no run reaches. */
const QUOTA_NEVER_REACHED = 100_000_000;
/** Slices of each round of the quota comparison (quota-slices.ts), unless the scenario says otherwise. */
const QUOTA_SLICES = 5;
const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);
// For a profile of the servers under load, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles".
const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
// The gateways run as they do everywhere (GATEWAY_NODE_FLAGS); what they are compared with runs with Node's defaults.
const gatewayNodeArgs = [...GATEWAY_NODE_FLAGS, ...serverNodeArgs];
const cleanups: (() => Promise<void> | void)[] = [];
/** Set when the run failed: the servers' logs stay in the temp folder for a look. */
let keepLogs = false;

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await Promise.resolve()
      .then(cleanup)
      .catch((error: Error) => say(`clean-up step failed: ${error.message}`));
  }
}

/** A database of our own: a fresh embedded server in a temp folder, or a new database on DATABASE_URL's server. */
async function openDatabase(config: BenchConfig, workDir: string): Promise<string> {
  if (config.DATABASE_URL) {
    const name = `gateway_bench_${Date.now()}`;
    await ensureDatabase(config.DATABASE_URL, name);
    const url = new URL(config.DATABASE_URL);
    url.pathname = `/${name}`;
    cleanups.push(async () => {
      const admin = new Database({ url: config.DATABASE_URL as string, poolMax: 1 });
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.close());
    });
    say(`using database ${name} on the server of DATABASE_URL`);
    return url.toString();
  }
  say('starting embedded Postgres in a temp folder');
  const server: EmbeddedServer = await startEmbeddedPostgres({ dataDir: join(workDir, 'data') });
  cleanups.push(() => server.stop());
  await ensureDatabase(server.url('postgres'), 'gateway_bench');
  return server.url('gateway_bench');
}

/** What the phases of a run share: settings, the database, the servers and the load generator as they come up. */
interface Run {
  config: BenchConfig;
  started: Date;
  workDir: string;
  databaseUrl: string;
  /** BENCH_READ_URL's server, the run's database: the replica of databaseUrl. */
  readUrl?: string;
  db: Database;
  dataset: BenchDataset;
  /** The scenarios BENCH_SCENARIOS names (all when unset), and whether a named extra line (cost-growth, webhook-*) runs. */
  scenarios: Scenario[];
  wants(line: string): boolean;
  ports: Ports;
  publicUrl: string;
  register(spec: Omit<NewClientSpec, 'authMethod'>): Promise<{ clientId: string; clientSecret: string }>;
}

interface Ports {
  public: number;
  uncached: number;
  replica: number;
  internal: number;
  baseline: number;
  floor: number;
  oidc: number;
  metrics: number;
  /** The quota comparison's pair: two gateway ports and their two metrics ports. */
  pair: number[];
}

/** The servers of a run, started once, and how to start a gateway of a kind (the quota comparison's pairs). */
interface Servers {
  gateways: Partial<Record<GatewayName, ServerProcess>>;
  startGateway(kind: GatewayName, name: string, port: number, env: NodeJS.ProcessEnv): Promise<ServerProcess>;
  comparisons: Record<'baseline' | 'oidc-provider', ServerProcess | undefined>;
  floor?: ServerProcess;
  /** Each long-lived gateway's resident memory once it was ready and idle. */
  idleMb: Map<ServerProcess, number>;
}

// ---- phase 1: a work folder and a database with the dataset -------------------------------------------------

async function prepare(config: BenchConfig): Promise<Run> {
  const started = new Date();
  const workDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
  cleanups.push(() => {
    if (keepLogs) say(`logs kept in ${workDir}`);
    else rmSync(workDir, { recursive: true, force: true });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }

  const databaseUrl = await openDatabase(config, workDir);
  const db = new Database({ url: databaseUrl, poolMax: 2, applicationName: 'bench' });
  cleanups.push(() => db.close());
  await migrate(db);
  const dataset = await loadDataset(db, say);
  // The dataset is history written before any webhook endpoint existed: it is marked as fanned out, so that the
  // gateways start idle (the memory lines' "idle after start") and no scenario runs beside the dispatcher working
  // through the import's events for the events feed (what an import that large costs is a figure of its own, not
  // of a scenario).
  const dispatched = await db.query('DELETE FROM webhook_fanout_queue');
  say(`the dataset's ${(dispatched.rowCount ?? 0).toLocaleString('en')} events marked as fanned out to webhooks`);

  const clients = new ApiClientsService(db, new ApiClientRepository(), new WebhookEndpointRepository());
  const [publicPort, uncached, replica, internal, baseline, floor, oidc, metrics, ...pair] = await Promise.all(Array.from({ length: 12 }, freePort));
  const wanted = config.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
  let readUrl: string | undefined;
  if (config.BENCH_READ_URL) {
    const url = new URL(config.BENCH_READ_URL);
    url.pathname = new URL(databaseUrl).pathname;
    readUrl = url.toString();
    await replicaCaughtUp(db, readUrl);
    say('the replica (BENCH_READ_URL) has replayed the dataset');
  }
  return {
    config,
    started,
    workDir,
    databaseUrl,
    readUrl,
    db,
    dataset,
    // The replica's row only with a replica.
    scenarios: SCENARIOS.filter((s) => (!wanted || wanted.includes(s.name)) && (s.gateway !== 'public-replica' || readUrl !== undefined)),
    wants: (line) => !wanted || wanted.includes(line),
    ports: { public: publicPort, uncached, replica, internal, baseline, floor, oidc, metrics, pair },
    publicUrl: `http://127.0.0.1:${publicPort}`,
    register: async (spec) => {
      const created = await clients.create({ ...spec, authMethod: 'client_secret_post' });
      return { clientId: created.client_id, clientSecret: created.client_secret };
    },
  };
}

// ---- phase 2: the long-lived gateways ------------------------------------------------------------------------

async function startGateways(run: Run): Promise<Omit<Servers, 'comparisons' | 'floor'>> {
  const { config, ports, publicUrl } = run;
  const common = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: run.databaseUrl,
    DATABASE_POOL_MAX: String(config.BENCH_POOL_MAX),
    PUBLIC_BASE_URL: publicUrl,
    // Quotas on, at a limit no run reaches (a run of minutes at most).
    API_RATE_LIMIT_PER_MINUTE: String(QUOTA_NEVER_REACHED),
  };
  const publicEnv = {
    ...common,
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    // The tokens minted at the start serve the whole run, which may outlast the default 15 minutes.
    ACCESS_TOKEN_TTL_SECONDS: '3600',
    // The webhook-delivery line's receiver listens on loopback.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  };
  /** One gateway of a kind, on its port, from its production bundle. */
  const startGateway = (kind: GatewayName, name: string, port: number, env: NodeJS.ProcessEnv): Promise<ServerProcess> => {
    const app = kind === 'internal' ? 'internal-gateway' : 'public-gateway';
    return startServer({
      name,
      script: join(root, `dist/apps/${app}/main.js`),
      nodeArgs: gatewayNodeArgs,
      url: `http://127.0.0.1:${port}`,
      readyPath: '/health/ready',
      logFile: join(run.workDir, `${name.replace(/[ ,]+/g, '-')}.log`),
      env:
        kind === 'internal'
          ? { ...common, INTERNAL_GATEWAY_PORT: String(port), ...env }
          : // The whoami-no-cache scenario's gateway: the same with its cache of verified tokens off; the replica
            // row's: the same with its reads that may lag on the replica.
            {
              ...publicEnv,
              PUBLIC_GATEWAY_PORT: String(port),
              TOKEN_CACHE_ENABLED: String(kind !== 'public-no-token-cache'),
              ...(kind === 'public-replica' ? { DATABASE_READ_URL: run.readUrl } : {}),
              ...env,
            },
    });
  };
  // The gateways of the table against the baseline, of the memory lines, the cost growth and the webhook lines:
  // one process each for the whole run, quotas on.
  const gateways: Partial<Record<GatewayName, ServerProcess>> = {
    public: await startGateway('public', 'public gateway', ports.public, { METRICS_PORT: String(ports.metrics) }),
    ...(run.scenarios.some((s) => s.gateway === 'public-no-token-cache')
      ? { 'public-no-token-cache': await startGateway('public-no-token-cache', 'public gateway without token cache', ports.uncached, {}) }
      : {}),
    ...(run.scenarios.some((s) => s.gateway === 'public-replica')
      ? { 'public-replica': await startGateway('public-replica', 'public gateway reading on the replica', ports.replica, {}) }
      : {}),
    internal: await startGateway('internal', 'internal gateway', ports.internal, {}),
  };
  for (const gateway of Object.values(gateways)) cleanups.push(() => gateway.stop());
  say(
    `gateways up: ${Object.entries(gateways)
      .map(([name, g]) => `${name} ${g.url}`)
      .join(', ')}`,
  );
  // Idle after start: ready, settled for two seconds, no request served yet but the readiness checks.
  await new Promise((r) => setTimeout(r, 2000));
  const idleMb = new Map([gateways.public, gateways.internal].map((g) => [g as ServerProcess, residentMb(g?.child.pid as number)]));
  return { gateways, startGateway, idleMb };
}

// ---- phase 3: the clients, tokens and orders the scenarios send ------------------------------------------------

async function prepareContext(run: Run): Promise<BenchContext & { serviceClient: { clientId: string; clientSecret: string } }> {
  const { publicUrl, dataset } = run;
  const serviceClient = await run.register({ clientType: 'SERVICE', audience: 'public', name: 'bench reads and writes' });
  const context: BenchContext = {
    dataset,
    publicToken: await mintToken(publicUrl, serviceClient),
    internalToken: await mintToken(publicUrl, await run.register({ clientType: 'SERVICE', audience: 'internal', name: 'bench internal' })),
    mintingClient: await run.register({ clientType: 'SERVICE', audience: 'public', name: 'bench token minting' }),
    replay: { key: `bench-replay-${randomUUID()}`, body: salesOrderBody('bench-replay', dataset[1_000].barcodes) },
    salesOrderId: '',
    returnable: { salesOrderIds: [], barcode: '' },
  };
  // The replayed key's first answer.
  const first = await fetch(`${publicUrl}${salesOrdersPath(dataset[1_000])}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.publicToken}`, 'content-type': 'application/json', 'idempotency-key': context.replay.key },
    body: context.replay.body,
  });
  if (first.status !== 201) throw new Error(`the first request of the replay scenario answered ${first.status}: ${await first.text()}`);
  context.salesOrderId = ((await first.json()) as { id: string }).id;
  if (run.scenarios.some((s) => s.name === 'return-create')) {
    const count = returnableOrderCount(run.config);
    const started = Date.now();
    context.returnable = await prepareReturnableOrders(
      { public: publicUrl, internal: `http://127.0.0.1:${run.ports.internal}` },
      { public: context.publicToken, internal: context.internalToken },
      dataset[1_000],
      count,
    );
    say(`return-create: ${count.toLocaleString('en')} shipped orders prepared (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  return { ...context, serviceClient };
}

// ---- phase 4: what the gateways are compared with ------------------------------------------------------------

async function startComparisons(run: Run, context: BenchContext): Promise<Pick<Servers, 'comparisons' | 'floor'>> {
  const { config, ports, workDir } = run;
  const baseline = await startServer({
    name: 'baseline',
    script: join(__dirname, 'baseline-server.js'),
    nodeArgs: serverNodeArgs,
    url: `http://127.0.0.1:${ports.baseline}`,
    readyPath: '/health/ready',
    logFile: join(workDir, 'baseline.log'),
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: run.databaseUrl,
      DATABASE_POOL_MAX: String(config.BENCH_POOL_MAX),
      BASELINE_PORT: String(ports.baseline),
      BASELINE_ISSUER: run.publicUrl,
    },
  });
  cleanups.push(() => baseline.stop());
  const floor = run.scenarios.some((s) => s.floor)
    ? await startServer({
        name: 'framework floor',
        script: join(__dirname, 'floor-server.js'),
        nodeArgs: serverNodeArgs,
        url: `http://127.0.0.1:${ports.floor}`,
        readyPath: '/health/ready',
        logFile: join(workDir, 'floor.log'),
        env: { PATH: process.env.PATH, NODE_ENV: 'production', FLOOR_PORT: String(ports.floor) },
      })
    : undefined;
  if (floor) cleanups.push(() => floor.stop());
  // oidc-provider knows the minting client by the same credentials, so both answer the same request.
  const oidcProvider = run.scenarios.some((s) => s.comparison === 'oidc-provider')
    ? await startServer({
        name: 'oidc-provider',
        script: join(__dirname, 'oidc-provider-server.js'),
        nodeArgs: serverNodeArgs,
        url: `http://127.0.0.1:${ports.oidc}`,
        readyPath: '/.well-known/openid-configuration',
        logFile: join(workDir, 'oidc-provider.log'),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          OIDC_PROVIDER_PORT: String(ports.oidc),
          OIDC_CLIENT_ID: context.mintingClient.clientId,
          OIDC_CLIENT_SECRET: context.mintingClient.clientSecret,
        },
      })
    : undefined;
  if (oidcProvider) cleanups.push(() => oidcProvider.stop());
  return { comparisons: { baseline, 'oidc-provider': oidcProvider }, floor };
}

// ---- phase 5: the scenarios, each against its comparison and with quotas on and off ---------------------------

/** A load generator's job: `request` at `url` for BENCH_DURATION_SECONDS after BENCH_WARMUP_SECONDS. */
const loadSpec = (
  config: BenchConfig,
  url: string,
  request: ScenarioRequest,
  connections: number,
  timeoutSeconds: number,
  durationSeconds?: number,
): LoadSpec => ({
  url,
  ...request,
  connections,
  timeoutSeconds,
  durationSeconds: durationSeconds ?? config.BENCH_DURATION_SECONDS,
  warmupSeconds: config.BENCH_WARMUP_SECONDS,
});

/**
 * The quota comparison's pair for one round: the scenario's gateway twice, started fresh, identical but for
 * API_RATE_LIMIT_ENABLED. Two processes of one build and settings differ in CPU per request (JIT decisions,
 * memory layout): a fresh pair each round lets that average out over the rounds, where one process per
 * configuration would bias every round the same way.
 */
async function startQuotaPair(run: Run, servers: Servers, kind: GatewayName, round: number): Promise<Record<'on' | 'off', ServerProcess>> {
  const [onPort, offPort, onMetrics, offMetrics] = run.ports.pair;
  const start = (quotas: 'on' | 'off') =>
    servers.startGateway(kind, `${kind} gateway, quotas ${quotas}, round ${round}`, quotas === 'on' ? onPort : offPort, {
      API_RATE_LIMIT_ENABLED: String(quotas === 'on'),
      METRICS_PORT: String(quotas === 'on' ? onMetrics : offMetrics),
    });
  // The two take turns at starting first, as at being measured first.
  const [first, second] = sliceOrder(round, 0);
  const started = { [first]: await start(first), [second]: await start(second) } as Record<'on' | 'off', ServerProcess>;
  // Stopped after the round; a run that fails on the way leaves them to the clean-up.
  cleanups.push(async () => {
    await Promise.all([started.on.stop(), started.off.stop()]);
  });
  return started;
}

type QuotaSide = 'on' | 'off';

/**
 * One round of the quota comparison: a fresh pair, warmed up, then the round's load in slices that alternate
 * between the two; each slice's answers, and the CPU seconds each process spent on it (utime + stime).
 */
async function measureQuotaRound(
  run: Run,
  servers: Servers,
  load: LoadGenerator,
  scenario: Scenario,
  round: number,
  spec: LoadSpec,
): Promise<Record<QuotaSide, { results: LoadResult[]; cpuSeconds: number }>> {
  const pair = await startQuotaPair(run, servers, scenario.gateway, round);
  const plan = quotaRoundPlan(spec, scenario.quotaSlices ?? QUOTA_SLICES);
  const measured: Record<QuotaSide, { results: LoadResult[]; cpuSeconds: number }> = {
    on: { results: [], cpuSeconds: 0 },
    off: { results: [], cpuSeconds: 0 },
  };
  for (const quotas of sliceOrder(round, 0)) await load.run({ ...plan.warmup, url: pair[quotas].url });
  for (const [index, slice] of plan.slices.entries()) {
    for (const quotas of sliceOrder(round, index)) {
      const pid = pair[quotas].child.pid as number;
      const before = cpuSeconds(pid);
      measured[quotas].results.push(await load.run({ ...slice, url: pair[quotas].url }));
      measured[quotas].cpuSeconds += cpuSeconds(pid) - before;
    }
  }
  const rate = (side: QuotaSide) => Math.round(summarize(measured[side].results).requestsPerSecond);
  say(
    `${scenario.name}: round ${round}/${run.config.BENCH_ROUNDS}, fresh gateways in ${plan.slices.length} alternating slices: quotas on ${rate('on')} req/s, off ${rate('off')} req/s`,
  );
  await Promise.all([pair.on.stop(), pair.off.stop()]);
  return measured;
}

async function measureScenario(
  run: Run,
  servers: Servers,
  load: LoadGenerator,
  context: BenchContext & { serviceClient: { clientId: string; clientSecret: string } },
  scenario: Scenario,
): Promise<ScenarioReport> {
  const { config } = run;
  const connections = scenario.connections ?? config.BENCH_CONNECTIONS;
  const request = scenario.request(context);
  const gateway = servers.gateways[scenario.gateway] as ServerProcess;
  const comparison = scenario.comparison && servers.comparisons[scenario.comparison];
  const floor = scenario.floor ? servers.floor : undefined;
  const warmupTokens = Math.ceil(config.BENCH_FRESH_TOKENS / 10);
  let freshTokens: string[] = [];
  if (scenario.freshTokens) {
    const count = config.BENCH_ROUNDS * (config.BENCH_FRESH_TOKENS + warmupTokens);
    say(`${scenario.name}: minting ${count.toLocaleString('en')} distinct tokens`);
    freshTokens = await mintTokens(run.publicUrl, context.serviceClient, count);
  }
  // Round r sends its own slice of the tokens, to the gateway and then the same slice to the comparison.
  const roundSpec = (url: string, round: number, roundRequest = request): LoadSpec => {
    const base = {
      ...loadSpec(config, url, roundRequest, connections, scenario.timeoutSeconds ?? 10, scenario.durationSeconds),
      requests: scenario.requestsPerRun,
    };
    if (!scenario.freshTokens) return base;
    const start = (round - 1) * (config.BENCH_FRESH_TOKENS + warmupTokens);
    return {
      ...base,
      freshTokens: {
        warmup: freshTokens.slice(start, start + warmupTokens),
        measured: freshTokens.slice(start + warmupTokens, start + warmupTokens + config.BENCH_FRESH_TOKENS),
      },
    };
  };
  const runs: Record<'gateway' | 'comparison' | 'floor', LoadResult[]> = { gateway: [], comparison: [], floor: [] };
  const quotas: Record<QuotaSide, { results: LoadResult[]; cpuSeconds: number }> = {
    on: { results: [], cpuSeconds: 0 },
    off: { results: [], cpuSeconds: 0 },
  };
  const measure = async (target: string, url: string, round: number, into: LoadResult[]) => {
    const result = await load.run(roundSpec(url, round));
    into.push(result);
    say(`${scenario.name}: round ${round}/${config.BENCH_ROUNDS}, ${target}: ${Math.round(result.latenciesMs.length / result.durationSeconds)} req/s`);
  };
  for (let round = 1; round <= config.BENCH_ROUNDS; round++) {
    await measure('gateway', gateway.url, round, runs.gateway);
    // The pair mints with a client of its own each round: its warm-ups and slices mint many tokens a round, which
    // with the long-lived gateway's could pass one client's TOKEN_RATE_LIMIT_PER_MINUTE within a minute and be
    // answered 429.
    const pairRequest = scenario.request({
      ...context,
      mintingClient: await run.register({ clientType: 'SERVICE', audience: 'public', name: `bench token minting, ${scenario.name} round ${round}` }),
    });
    const measured = await measureQuotaRound(run, servers, load, scenario, round, roundSpec(gateway.url, round, pairRequest));
    for (const side of ['on', 'off'] as const) {
      quotas[side].results.push(...measured[side].results);
      quotas[side].cpuSeconds += measured[side].cpuSeconds;
    }
    if (comparison) await measure(comparison.name, comparison.url, round, runs.comparison);
    if (floor) await measure('framework floor', floor.url, round, runs.floor);
  }
  const gatewayFigures = summarize(runs.gateway);
  const quotasOnFigures = summarize(quotas.on.results);
  const quotasOffFigures = summarize(quotas.off.results);
  const comparisonFigures = comparison ? summarize(runs.comparison) : undefined;
  const floorFigures = runs.floor.length > 0 ? summarize(runs.floor) : undefined;
  const { verdict, reasons, ratio, tailRatio } = verdictOf(gatewayFigures, comparisonFigures, scenario.throughputTarget);
  const cpuUs = (side: QuotaSide, figures: Figures) => (quotas[side].cpuSeconds * 1e6) / figures.requests;
  return {
    name: scenario.name,
    description: scenario.description,
    connections,
    gateway: gatewayFigures,
    quotasOn: quotasOnFigures,
    quotasOff: quotasOffFigures,
    quotasRatio: quotasOffFigures.requestsPerSecond > 0 ? quotasOnFigures.requestsPerSecond / quotasOffFigures.requestsPerSecond : undefined,
    quotasCpuUs:
      quotasOnFigures.requests > 0 && quotasOffFigures.requests > 0 ? { on: cpuUs('on', quotasOnFigures), off: cpuUs('off', quotasOffFigures) } : undefined,
    comparedWith: comparison ? scenario.comparison : undefined,
    comparison: comparisonFigures,
    floor: floorFigures,
    throughputRatio: ratio,
    throughputTarget: scenario.throughputTarget,
    tailRatio,
    floorRatio: floorFigures && comparisonFigures?.requestsPerSecond ? floorFigures.requestsPerSecond / comparisonFigures.requestsPerSecond : undefined,
    verdict,
    reasons,
  };
}

// ---- phase 6: the inventory read's cost as the inventory grows ------------------------------------------------

async function measureCostGrowth(run: Run, servers: Servers, load: LoadGenerator, context: BenchContext): Promise<CostGrowthReport[]> {
  const costGrowth: CostGrowthReport[] = [];
  if (!run.wants('cost-growth')) return costGrowth;
  const publicPid = (servers.gateways.public as ServerProcess).child.pid as number;
  for (const size of INVENTORY_SIZES) {
    say(`cost growth: inventory of ${size.toLocaleString('en')} rows`);
    const request = {
      method: 'GET' as const,
      path: `/v0/organizations/${run.dataset[size].organizationId}/inventory`,
      headers: { authorization: `Bearer ${context.publicToken}` },
    };
    // Let the collector settle what earlier runs left, so that "before" means idle.
    await new Promise((r) => setTimeout(r, 1000));
    const memory = sampleMemory(publicPid);
    const result = await load.run({ ...loadSpec(run.config, run.publicUrl, request, 1, 120), warmupSeconds: 0 });
    const reading = memory.stop();
    const figures = summarize([result]);
    costGrowth.push({
      inventoryRows: size,
      requests: figures.requests,
      p50Ms: figures.p50Ms,
      p99Ms: figures.p99Ms,
      bytesPerResponse: figures.bytesPerResponse,
      rssBeforeMb: reading.startMb,
      rssPeakMb: reading.peakMb,
      peakOverSmallestMb: reading.peakMb - (costGrowth[0]?.rssPeakMb ?? reading.peakMb),
      non2xx: figures.non2xx + figures.errors,
    });
  }
  return costGrowth;
}

// ---- phase 6b: what an inventory read asks of the primary, with and without the replica ---------------------------

/** Resolves once the replica at `readUrl` has replayed everything the primary wrote so far. */
async function replicaCaughtUp(primary: Database, readUrl: string): Promise<void> {
  const replica = new Database({ url: readUrl, poolMax: 1, applicationName: 'bench' });
  try {
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const deadline = Date.now() + 120_000;
    while (!(await replica.query<{ done: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done', [rows[0].lsn])).rows[0].done) {
      if (Date.now() > deadline) throw new Error('the replica (BENCH_READ_URL) did not catch up in 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await replica.close();
  }
}

/**
 * inventory-1k on the public gateway (every read on the primary), then on the one with DATABASE_READ_URL: the
 * transactions each server committed per request (pg_stat_database.xact_commit of the run's database; a
 * statement outside a transaction is one), less what the processes commit idle over as long (ticks, polls).
 */
async function measureReplicaReads(run: Run, servers: Servers, load: LoadGenerator, context: BenchContext): Promise<ReplicaReadsReport | undefined> {
  const replicaGateway = servers.gateways['public-replica'];
  if (!run.readUrl || !replicaGateway) return undefined;
  const replica = new Database({ url: run.readUrl, poolMax: 1, applicationName: 'bench' });
  try {
    const commits = async () => {
      // Statistics reach the shared counters within a second of a transaction's end.
      await new Promise((r) => setTimeout(r, 1_500));
      const read = async (db: Database) =>
        Number((await db.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0].n);
      return { primary: await read(run.db), replica: await read(replica) };
    };
    const request: ScenarioRequest = {
      method: 'GET',
      path: `/v0/organizations/${run.dataset[1_000].organizationId}/inventory`,
      headers: { authorization: `Bearer ${context.publicToken}` },
    };
    const seconds = run.config.BENCH_DURATION_SECONDS;
    const idleStart = await commits();
    const idleStarted = Date.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const idleEnd = await commits();
    const idlePerSecond = (side: 'primary' | 'replica') => (idleEnd[side] - idleStart[side]) / ((Date.now() - idleStarted - 1_500) / 1000);
    const measure = async (url: string) => {
      const before = await commits();
      const started = Date.now();
      const result = await load.run({ ...loadSpec(run.config, url, request, run.config.BENCH_CONNECTIONS, 10), warmupSeconds: 0 });
      const elapsed = (Date.now() - started) / 1000;
      const after = await commits();
      const requests = result.latenciesMs.length;
      const per = (side: 'primary' | 'replica') => (after[side] - before[side] - idlePerSecond(side) * elapsed) / requests;
      return { requests, requestsPerSecond: requests / result.durationSeconds, primary: per('primary'), replica: per('replica') };
    };
    const primaryOnly = await measure((servers.gateways.public as ServerProcess).url);
    const withReplica = await measure(replicaGateway.url);
    const report: ReplicaReadsReport = {
      requests: { primaryOnly: primaryOnly.requests, withReplica: withReplica.requests },
      requestsPerSecond: { primaryOnly: primaryOnly.requestsPerSecond, withReplica: withReplica.requestsPerSecond },
      onPrimary: { primaryOnly: primaryOnly.primary, withReplica: withReplica.primary },
      onReplica: { primaryOnly: primaryOnly.replica, withReplica: withReplica.replica },
    };
    say(
      `reads on a replica: inventory-1k, transactions per request on the primary ${primaryOnly.primary.toFixed(2)} without DATABASE_READ_URL, ${withReplica.primary.toFixed(2)} with it (on the replica ${primaryOnly.replica.toFixed(2)}, ${withReplica.replica.toFixed(2)})`,
    );
    return report;
  } finally {
    await replica.close();
  }
}

// ---- phase 7: the webhook lines -----------------------------------------------------------------------------

async function measureWebhooks(
  run: Run,
  context: BenchContext,
): Promise<Pick<BenchReport, 'webhookDelivery' | 'webhookCapacity' | 'webhookLag' | 'webhookFanout'>> {
  const { config, publicUrl, databaseUrl, dataset } = run;
  let webhookDelivery: WebhookDeliveryReport | undefined;
  if (run.wants('webhook-delivery')) {
    await waitForWebhookDispatcher(databaseUrl, say);
    say('webhook delivery: 500 sales orders, each a sales_order.created to a local receiver');
    webhookDelivery = await measureWebhookDelivery({
      publicUrl,
      token: context.publicToken,
      org: dataset[1_000],
      events: 500,
      concurrency: config.BENCH_CONNECTIONS,
    });
  }
  // The delivery engine's lines, on an organization of their own (the sales orders above use the smallest).
  const webhookContext = { publicUrl, token: context.publicToken, databaseUrl, org: dataset[10_000], rounds: config.BENCH_ROUNDS, say };
  const webhookCapacity = run.wants('webhook-capacity') ? await measureWebhookCapacity(webhookContext) : undefined;
  const webhookLag = run.wants('webhook-lag') ? await measureWebhookLag(webhookContext) : undefined;
  // Fan-out last: its imports leave the largest organization's levels changed.
  const webhookFanout = run.wants('webhook-fanout')
    ? await measureWebhookFanout({ databaseUrl, org: dataset[100_000], other: dataset[1_000], rounds: config.BENCH_ROUNDS, say })
    : undefined;
  return { webhookDelivery, webhookCapacity, webhookLag, webhookFanout };
}

// ---- phase 8: the report ------------------------------------------------------------------------------------

async function assembleReport(
  run: Run,
  servers: Servers,
  measured: Pick<BenchReport, 'scenarios' | 'costGrowth' | 'webhookDelivery' | 'webhookCapacity' | 'webhookLag' | 'webhookFanout' | 'replicaReads'>,
): Promise<BenchReport> {
  const { config, started } = run;
  const metricsSample = await fetch(`http://127.0.0.1:${run.ports.metrics}/metrics`).then(
    async (r) => (r.ok ? (await r.text()).split('\n').filter((l) => /^gateway_/.test(l)) : [`metrics port answered ${r.status}`]),
    (error: Error) => [`metrics port unreachable: ${error.message}`],
  );
  const memory = [...servers.idleMb.entries()].map(([g, idleMb]) => ({ gateway: g.name, idleMb, peakMb: peakResidentMb(g.child.pid as number) }));
  return {
    startedAt: started.toISOString(),
    durationSeconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryMb: Math.round(totalmem() / 2 ** 20),
      node: process.versions.node,
      platform: process.platform,
    },
    settings: {
      BENCH_DURATION_SECONDS: config.BENCH_DURATION_SECONDS,
      BENCH_WARMUP_SECONDS: config.BENCH_WARMUP_SECONDS,
      BENCH_ROUNDS: config.BENCH_ROUNDS,
      BENCH_CONNECTIONS: config.BENCH_CONNECTIONS,
      BENCH_POOL_MAX: config.BENCH_POOL_MAX,
      BENCH_FRESH_TOKENS: config.BENCH_FRESH_TOKENS,
      API_RATE_LIMIT_PER_MINUTE: QUOTA_NEVER_REACHED,
      database: config.DATABASE_URL ? 'DATABASE_URL' : 'embedded',
      ...(config.BENCH_READ_URL ? { replica: 'BENCH_READ_URL' } : {}),
    },
    ...measured,
    metricsSample,
    memory,
    previous: readPreviousRun(join(root, 'bench/results'), config.BENCH_CONNECTIONS),
  };
}

async function main(): Promise<void> {
  const run = await prepare(loadConfigOrExit(BenchConfig));
  const gateways = await startGateways(run);
  const context = await prepareContext(run);
  const servers: Servers = { ...gateways, ...(await startComparisons(run, context)) };
  const load = new LoadGenerator();
  cleanups.push(() => load.close());
  const scenarios: ScenarioReport[] = [];
  for (const scenario of run.scenarios) scenarios.push(await measureScenario(run, servers, load, context, scenario));
  const costGrowth = await measureCostGrowth(run, servers, load, context);
  const replicaReads = run.wants('inventory-1k-replica') ? await measureReplicaReads(run, servers, load, context) : undefined;
  const webhooks = await measureWebhooks(run, context);
  const report = await assembleReport(run, servers, { scenarios, costGrowth, replicaReads, ...webhooks });
  process.stdout.write(`\n${formatReport(report)}\n\n`);
  say(`figures written to ${writeReport(report, join(root, 'bench/results'))}`);
}

main()
  .then(cleanUp, async (error: Error) => {
    say(`failed: ${error.stack ?? error.message}`);
    keepLogs = true;
    await cleanUp();
    process.exit(1);
  })
  .then(() => process.exit(0));
