// `npm run bench`: Postgres (embedded in a temp folder unless DATABASE_URL is set), a generated dataset,
// the gateways in production mode (the public one twice: token cache on and off), each with its request
// quota on (at a limit no run reaches) and once more with quotas off, the baseline server and oidc-provider
// as child processes, load from a separate child process, then the comparison table and
// bench/results/bench-<time>.json.
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
import { INVENTORY_SIZES, loadDataset } from './dataset';
import { LoadGenerator } from './load-generator';
import { LoadResult, LoadSpec } from './load/load-spec';
import { salesOrderBody } from './load/sales-order-body';
import { quotaRoundPlan, sliceOrder } from './quota-slices';
import { ServerProcess, peakResidentMb, residentMb, sampleMemory, startServer } from './processes';
import { BenchReport, CostGrowthReport, ScenarioReport, formatReport, readPreviousRun, verdictOf, writeReport } from './report';
import { BenchContext, GatewayName, SCENARIOS, salesOrdersPath } from './scenarios';
import { summarize } from './stats';
import { WebhookDeliveryReport, measureWebhookDelivery } from './webhook-delivery';
import { measureWebhookCapacity, measureWebhookLag, waitForWebhookDispatcher } from './webhook-capacity';
import { measureWebhookFanout } from './webhook-fanout';

const root = join(__dirname, '../..');
/** The gateways' request quota in the bench: on, at a limit no run reaches. */
const QUOTA_NEVER_REACHED = 100_000_000;
/** Slices of each round of the quota comparison (quota-slices.ts), unless the scenario says otherwise. */
const QUOTA_SLICES = 5;
const say = (line: string) => process.stderr.write(`[bench] ${line}\n`);
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

async function mintToken(publicUrl: string, client: { clientId: string; clientSecret: string }): Promise<string> {
  const response = await fetch(`${publicUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }).toString(),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

/** Distinct tokens of one client, a few requests at a time (the token endpoint's own throughput bounds this). */
async function mintTokens(publicUrl: string, client: { clientId: string; clientSecret: string }, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const worker = async () => {
    while (tokens.length < count) tokens.push(await mintToken(publicUrl, client));
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return tokens.slice(0, count);
}

async function main(): Promise<void> {
  const config = loadConfigOrExit(BenchConfig);
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
  // through some 111,000 import events for the events feed (a minute here, and the public gateway's resident
  // memory up to 280-400 MB meanwhile; what an import that large costs is a figure of its own, not of a scenario).
  const dispatched = await db.query('DELETE FROM webhook_fanout_queue');
  say(`the dataset's ${(dispatched.rowCount ?? 0).toLocaleString('en')} events marked as fanned out to webhooks`);

  const clients = new ApiClientsService(db, new ApiClientRepository(), new WebhookEndpointRepository());
  const register = async (spec: Omit<NewClientSpec, 'authMethod'>) => {
    const created = await clients.create({ ...spec, authMethod: 'client_secret_post' });
    return { clientId: created.client_id, clientSecret: created.client_secret };
  };

  const [publicPort, uncachedPort, internalPort, baselinePort, floorPort, oidcPort, metricsPort, ...pairPorts] = await Promise.all(
    Array.from({ length: 11 }, freePort),
  );
  const wanted = config.BENCH_SCENARIOS?.split(',').map((s) => s.trim());
  const scenariosRun = SCENARIOS.filter((s) => !wanted || wanted.includes(s.name));
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  const common = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: String(config.BENCH_POOL_MAX),
    PUBLIC_BASE_URL: publicUrl,
    // Quotas on, at a limit no run reaches (a run of minutes at most).
    API_RATE_LIMIT_PER_MINUTE: String(QUOTA_NEVER_REACHED),
  };
  // For a profile of the servers under load, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles".
  const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // The gateways run as they do everywhere (GATEWAY_NODE_FLAGS); what they are compared with runs with Node's defaults.
  const gatewayNodeArgs = [...GATEWAY_NODE_FLAGS, ...serverNodeArgs];
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
      logFile: join(workDir, `${name.replace(/[ ,]+/g, '-')}.log`),
      env:
        kind === 'internal'
          ? { ...common, INTERNAL_GATEWAY_PORT: String(port), ...env }
          : // The whoami-no-cache scenario's gateway: the same with its cache of verified tokens off.
            { ...publicEnv, PUBLIC_GATEWAY_PORT: String(port), TOKEN_CACHE_ENABLED: String(kind === 'public'), ...env },
    });
  };
  // The gateways of the table against the baseline, of the memory lines, the cost growth and the webhook lines:
  // one process each for the whole run, quotas on.
  const gateways: Partial<Record<GatewayName, ServerProcess>> = {
    public: await startGateway('public', 'public gateway', publicPort, { METRICS_PORT: String(metricsPort) }),
    ...(scenariosRun.some((s) => s.gateway === 'public-no-token-cache')
      ? { 'public-no-token-cache': await startGateway('public-no-token-cache', 'public gateway without token cache', uncachedPort, {}) }
      : {}),
    internal: await startGateway('internal', 'internal gateway', internalPort, {}),
  };
  for (const gateway of Object.values(gateways)) cleanups.push(() => gateway.stop());
  say(
    `gateways up: ${Object.entries(gateways)
      .map(([name, g]) => `${name} ${g.url}`)
      .join(', ')}`,
  );
  /**
   * The quota comparison's pair for one round: the scenario's gateway twice, started fresh, identical but for
   * API_RATE_LIMIT_ENABLED. Two processes of one build and settings differ here by up to 12 % in CPU per request
   * (JIT decisions, memory layout): a fresh pair each round lets that average out over the rounds, where one
   * process per configuration would bias every round the same way.
   */
  const startQuotaPair = async (kind: GatewayName, round: number): Promise<Record<'on' | 'off', ServerProcess>> => {
    const start = (quotas: 'on' | 'off') =>
      startGateway(kind, `${kind} gateway, quotas ${quotas}, round ${round}`, quotas === 'on' ? pairPorts[0] : pairPorts[1], {
        API_RATE_LIMIT_ENABLED: String(quotas === 'on'),
        METRICS_PORT: String(quotas === 'on' ? pairPorts[2] : pairPorts[3]),
      });
    // The two take turns at starting first, as at being measured first.
    const [first, second] = sliceOrder(round, 0);
    const started = { [first]: await start(first), [second]: await start(second) } as Record<'on' | 'off', ServerProcess>;
    // Stopped after the round; a run that fails on the way leaves them to the clean-up.
    cleanups.push(async () => {
      await Promise.all([started.on.stop(), started.off.stop()]);
    });
    return started;
  };
  // Idle after start: ready, settled for two seconds, no request served yet but the readiness checks.
  await new Promise((r) => setTimeout(r, 2000));
  const measuredGateways = [gateways.public, gateways.internal] as ServerProcess[];
  const idleMb = new Map(measuredGateways.map((g) => [g, residentMb(g.child.pid as number)]));

  const service = await register({ clientType: 'SERVICE', audience: 'public', name: 'bench reads and writes' });
  const context: BenchContext = {
    dataset,
    publicToken: await mintToken(publicUrl, service),
    internalToken: await mintToken(publicUrl, await register({ clientType: 'SERVICE', audience: 'internal', name: 'bench internal' })),
    mintingClient: await register({ clientType: 'SERVICE', audience: 'public', name: 'bench token minting' }),
    replay: { key: `bench-replay-${randomUUID()}`, body: salesOrderBody('bench-replay', dataset[1_000].barcodes) },
    salesOrderId: '',
  };
  // The replayed key's first answer.
  const first = await fetch(`${publicUrl}${salesOrdersPath(dataset[1_000])}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${context.publicToken}`, 'content-type': 'application/json', 'idempotency-key': context.replay.key },
    body: context.replay.body,
  });
  if (first.status !== 201) throw new Error(`the first request of the replay scenario answered ${first.status}: ${await first.text()}`);
  context.salesOrderId = ((await first.json()) as { id: string }).id;

  const baseline = await startServer({
    name: 'baseline',
    script: join(__dirname, 'baseline-server.js'),
    nodeArgs: serverNodeArgs,
    url: `http://127.0.0.1:${baselinePort}`,
    readyPath: '/health/ready',
    logFile: join(workDir, 'baseline.log'),
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: String(config.BENCH_POOL_MAX),
      BASELINE_PORT: String(baselinePort),
      BASELINE_ISSUER: publicUrl,
    },
  });
  cleanups.push(() => baseline.stop());
  const floor = scenariosRun.some((s) => s.floor)
    ? await startServer({
        name: 'framework floor',
        script: join(__dirname, 'floor-server.js'),
        nodeArgs: serverNodeArgs,
        url: `http://127.0.0.1:${floorPort}`,
        readyPath: '/health/ready',
        logFile: join(workDir, 'floor.log'),
        env: { PATH: process.env.PATH, NODE_ENV: 'production', FLOOR_PORT: String(floorPort) },
      })
    : undefined;
  if (floor) cleanups.push(() => floor.stop());
  // oidc-provider knows the minting client by the same credentials, so both answer the same request.
  const oidcProvider = scenariosRun.some((s) => s.comparison === 'oidc-provider')
    ? await startServer({
        name: 'oidc-provider',
        script: join(__dirname, 'oidc-provider-server.js'),
        nodeArgs: serverNodeArgs,
        url: `http://127.0.0.1:${oidcPort}`,
        readyPath: '/.well-known/openid-configuration',
        logFile: join(workDir, 'oidc-provider.log'),
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          OIDC_PROVIDER_PORT: String(oidcPort),
          OIDC_CLIENT_ID: context.mintingClient.clientId,
          OIDC_CLIENT_SECRET: context.mintingClient.clientSecret,
        },
      })
    : undefined;
  if (oidcProvider) cleanups.push(() => oidcProvider.stop());
  const comparisons = { baseline, 'oidc-provider': oidcProvider };

  const load = new LoadGenerator();
  cleanups.push(() => load.close());
  const spec = (url: string, request: ReturnType<(typeof SCENARIOS)[number]['request']>, connections: number, timeoutSeconds: number): LoadSpec => ({
    url,
    ...request,
    connections,
    timeoutSeconds,
    durationSeconds: config.BENCH_DURATION_SECONDS,
    warmupSeconds: config.BENCH_WARMUP_SECONDS,
  });

  const scenarios: ScenarioReport[] = [];
  for (const scenario of scenariosRun) {
    const connections = scenario.connections ?? config.BENCH_CONNECTIONS;
    const request = scenario.request(context);
    const gateway = gateways[scenario.gateway] as ServerProcess;
    const comparison = scenario.comparison && comparisons[scenario.comparison];
    const warmupTokens = Math.ceil(config.BENCH_FRESH_TOKENS / 10);
    let freshTokens: string[] = [];
    if (scenario.freshTokens) {
      say(`${scenario.name}: minting ${(config.BENCH_ROUNDS * (config.BENCH_FRESH_TOKENS + warmupTokens)).toLocaleString('en')} distinct tokens`);
      freshTokens = await mintTokens(publicUrl, service, config.BENCH_ROUNDS * (config.BENCH_FRESH_TOKENS + warmupTokens));
    }
    // Round r sends its own slice of the tokens, to the gateway and then the same slice to the comparison.
    const roundSpec = (url: string, round: number, roundRequest = request): LoadSpec => {
      const base = { ...spec(url, roundRequest, connections, scenario.timeoutSeconds ?? 10), requests: scenario.requestsPerRun };
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
    const runs: Record<'gateway' | 'quotasOn' | 'quotasOff' | 'comparison' | 'floor', LoadResult[]> = {
      gateway: [],
      quotasOn: [],
      quotasOff: [],
      comparison: [],
      floor: [],
    };
    const measure = async (target: string, url: string, round: number, into: LoadResult[]) => {
      const result = await load.run(roundSpec(url, round));
      into.push(result);
      say(`${scenario.name}: round ${round}/${config.BENCH_ROUNDS}, ${target}: ${Math.round(result.latenciesMs.length / result.durationSeconds)} req/s`);
    };
    for (let round = 1; round <= config.BENCH_ROUNDS; round++) {
      await measure('gateway', gateway.url, round, runs.gateway);
      // The pair mints with a client of its own each round: its warm-ups and slices mint about 45,000 tokens a
      // round, which with the long-lived gateway's would pass one client's TOKEN_RATE_LIMIT_PER_MINUTE (at most
      // 100,000) within a minute and be answered 429.
      const pairRequest = scenario.request({
        ...context,
        mintingClient: await register({ clientType: 'SERVICE', audience: 'public', name: `bench token minting, ${scenario.name} round ${round}` }),
      });
      const pair = await startQuotaPair(scenario.gateway, round);
      const plan = quotaRoundPlan(roundSpec(gateway.url, round, pairRequest), scenario.quotaSlices ?? QUOTA_SLICES);
      for (const quotas of sliceOrder(round, 0)) await load.run({ ...plan.warmup, url: pair[quotas].url });
      for (const [index, slice] of plan.slices.entries()) {
        for (const quotas of sliceOrder(round, index))
          (quotas === 'on' ? runs.quotasOn : runs.quotasOff).push(await load.run({ ...slice, url: pair[quotas].url }));
      }
      const rate = (results: LoadResult[]) => Math.round(summarize(results.slice(-plan.slices.length)).requestsPerSecond);
      say(
        `${scenario.name}: round ${round}/${config.BENCH_ROUNDS}, fresh gateways in ${plan.slices.length} alternating slices: quotas on ${rate(runs.quotasOn)} req/s, off ${rate(runs.quotasOff)} req/s`,
      );
      await Promise.all([pair.on.stop(), pair.off.stop()]);
      if (comparison) await measure(comparison.name, comparison.url, round, runs.comparison);
      if (scenario.floor && floor) await measure('framework floor', floor.url, round, runs.floor);
    }
    const gatewayFigures = summarize(runs.gateway);
    const quotasOnFigures = summarize(runs.quotasOn);
    const quotasOffFigures = summarize(runs.quotasOff);
    const comparisonFigures = comparison ? summarize(runs.comparison) : undefined;
    const floorFigures = runs.floor.length > 0 ? summarize(runs.floor) : undefined;
    const { verdict, reasons, ratio, tailRatio } = verdictOf(gatewayFigures, comparisonFigures, scenario.throughputTarget);
    scenarios.push({
      name: scenario.name,
      description: scenario.description,
      connections,
      gateway: gatewayFigures,
      quotasOn: quotasOnFigures,
      quotasOff: quotasOffFigures,
      quotasRatio: quotasOffFigures.requestsPerSecond > 0 ? quotasOnFigures.requestsPerSecond / quotasOffFigures.requestsPerSecond : undefined,
      comparedWith: comparison ? scenario.comparison : undefined,
      comparison: comparisonFigures,
      floor: floorFigures,
      throughputRatio: ratio,
      throughputTarget: scenario.throughputTarget,
      tailRatio,
      floorRatio: floorFigures && comparisonFigures?.requestsPerSecond ? floorFigures.requestsPerSecond / comparisonFigures.requestsPerSecond : undefined,
      verdict,
      reasons,
    });
  }

  const costGrowth: CostGrowthReport[] = [];
  const publicPid = (gateways.public as ServerProcess).child.pid as number;
  for (const size of wanted && !wanted.includes('cost-growth') ? [] : INVENTORY_SIZES) {
    say(`cost growth: inventory of ${size.toLocaleString('en')} rows`);
    const request = {
      method: 'GET' as const,
      path: `/v0/organizations/${dataset[size].organizationId}/inventory`,
      headers: { authorization: `Bearer ${context.publicToken}` },
    };
    // Let the collector settle what earlier runs left, so that "before" means idle.
    await new Promise((r) => setTimeout(r, 1000));
    const memory = sampleMemory(publicPid);
    const result = await load.run({ ...spec(publicUrl, request, 1, 120), warmupSeconds: 0 });
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

  let webhookDelivery: WebhookDeliveryReport | undefined;
  if (!wanted || wanted.includes('webhook-delivery')) {
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
  const webhookCapacity = !wanted || wanted.includes('webhook-capacity') ? await measureWebhookCapacity(webhookContext) : undefined;
  const webhookLag = !wanted || wanted.includes('webhook-lag') ? await measureWebhookLag(webhookContext) : undefined;
  // Fan-out last: its imports leave the largest organization's levels changed.
  const webhookFanout =
    !wanted || wanted.includes('webhook-fanout')
      ? await measureWebhookFanout({ databaseUrl, org: dataset[100_000], other: dataset[1_000], rounds: config.BENCH_ROUNDS, say })
      : undefined;

  const metricsSample = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
    async (r) => (r.ok ? (await r.text()).split('\n').filter((l) => /^gateway_/.test(l)) : [`metrics port answered ${r.status}`]),
    (error: Error) => [`metrics port unreachable: ${error.message}`],
  );

  const memory = measuredGateways.map((g) => ({ gateway: g.name, idleMb: idleMb.get(g) as number, peakMb: peakResidentMb(g.child.pid as number) }));

  const report: BenchReport = {
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
    },
    scenarios,
    costGrowth,
    metricsSample,
    webhookDelivery,
    webhookCapacity,
    webhookLag,
    webhookFanout,
    memory,
    previous: readPreviousRun(join(root, 'bench/results'), config.BENCH_CONNECTIONS),
  };
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
