// The webhook lines of `npm run bench` that measure the delivery engine (the public gateway with its default
// webhook settings), each against a receiver in this process on 127.0.0.1 that answers 204 at once:
// - webhook-capacity: N endpoints of one organization x M inventory events committed as fast as they can be;
//   deliveries per second = deliveries / (last receipt - first receipt), every (endpoint, webhook-id)
//   received exactly once; then the same receiver fed by a bare signer-poster (webhook-poster/, no
//   database), the ceiling, and the ratio of the two. Rounds alternate (BENCH_ROUNDS).
// - webhook-lag: events paced so that the endpoints get BENCH_WEBHOOK_LAG_RATE deliveries per second for
//   BENCH_WEBHOOK_LAG_SECONDS; p50 and p99 of receipt - the event's timestamp (its transaction).
// Events are stock received at the organization's warehouse, one transaction each, written through the
// domain's ledger from this process as the internal gateway's stock receipt writes them.
import { fork } from 'node:child_process';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Database, DomainEventRepository, InventoryLevelRepository } from '@gateway/persistence';
import { InventoryLedger } from '@gateway/domain';
import { DEFAULT_WEBHOOK_MAX_CONCURRENCY, DEFAULT_WEBHOOK_MAX_PER_ENDPOINT, DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION } from '@gateway/public-api';
import { IntRange, loadConfigOrExit } from '@gateway/platform';
import { BenchOrganization } from './dataset';
import { percentile } from './stats';

export class WebhookBenchConfig {
  /** webhook-capacity and webhook-lag: endpoints of the one organization. */
  @IntRange(1, 16)
  BENCH_WEBHOOK_ENDPOINTS = 10;

  /** webhook-capacity: events per round, each delivered to every endpoint. */
  @IntRange(1, 100_000)
  BENCH_WEBHOOK_EVENTS = 200;

  /** webhook-lag: deliveries per second held. */
  @IntRange(1, 10_000)
  BENCH_WEBHOOK_LAG_RATE = 500;

  /** webhook-lag: seconds the rate is held. */
  @IntRange(1, 600)
  BENCH_WEBHOOK_LAG_SECONDS = 30;
}

export interface DeliveryRun {
  expected: number;
  /** Distinct (endpoint, webhook-id) received. */
  delivered: number;
  /** Requests beyond the first for one (endpoint, webhook-id). */
  duplicates: number;
  deliveriesPerSecond: number;
  /** Last receipt - first receipt. */
  spanMs: number;
}

export interface WebhookCapacityReport {
  endpoints: number;
  eventsPerRound: number;
  /** Requests in flight the signer-poster keeps: what the gateway's defaults allow one organization. */
  posterConcurrency: number;
  gateway: DeliveryRun[];
  ceiling: DeliveryRun[];
  /** Mean of the gateway's rounds over the mean of the ceiling's. */
  ratio: number;
}

export interface WebhookLagReport extends DeliveryRun {
  endpoints: number;
  targetPerSecond: number;
  heldSeconds: number;
  lagP50Ms: number;
  lagP99Ms: number;
  lagMaxMs: number;
}

/** The receiver: counts each (path, webhook-id), the first and last receipt, and the lag when asked. */
class CountingReceiver {
  private server!: Server;
  private seen = new Map<string, number>();
  private first = 0;
  private last = 0;
  private requests = 0;
  private lags: number[] | undefined;

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const now = Date.now();
        if (this.requests++ === 0) this.first = now;
        this.last = now;
        const key = `${req.url} ${req.headers['webhook-id']}`;
        this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
        if (this.lags) {
          const timestamp = /"timestamp":"([^"]+)"/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
          if (timestamp) this.lags.push(now - Date.parse(timestamp));
        }
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  reset(measureLag = false): void {
    this.seen = new Map();
    this.first = 0;
    this.last = 0;
    this.requests = 0;
    this.lags = measureLag ? [] : undefined;
  }

  /** Waits until `expected` distinct deliveries arrived (or `timeoutMs` passed), then a second for late duplicates. */
  async collect(expected: number, timeoutMs: number): Promise<DeliveryRun & { lags: number[] }> {
    const deadline = Date.now() + timeoutMs;
    while (this.seen.size < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const spanMs = this.last - this.first;
    return {
      expected,
      delivered: this.seen.size,
      duplicates: this.requests - this.seen.size,
      deliveriesPerSecond: spanMs > 0 ? (this.seen.size * 1000) / spanMs : 0,
      spanMs,
      lags: this.lags ?? [],
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

interface Context {
  publicUrl: string;
  token: string;
  databaseUrl: string;
  org: BenchOrganization;
  rounds: number;
  say: (line: string) => void;
}

async function api(context: Context, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${context.publicUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${context.token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Registers the endpoints, runs `work`, and deletes them again (so later lines' events do not reach them). */
async function withEndpoints<T>(context: Context, receiver: CountingReceiver, count: number, work: (paths: string[]) => Promise<T>): Promise<T> {
  const endpoints: { id: string; path: string }[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const path = `/capacity/${i}`;
      const res = await api(context, 'POST', `/v0/organizations/${context.org.organizationId}/webhook-endpoints`, {
        url: receiver.url(path),
        eventTypes: ['inventory_level.changed'],
      });
      if (res.status !== 201) throw new Error(`registering a webhook endpoint answered ${res.status}: ${await res.text()}`);
      endpoints.push({ id: ((await res.json()) as { id: string }).id, path });
    }
    return await work(endpoints.map((e) => e.path));
  } finally {
    for (const endpoint of endpoints) await api(context, 'DELETE', `/v0/organizations/${context.org.organizationId}/webhook-endpoints/${endpoint.id}`);
  }
}

/** Stock received on one of the organization's barcodes: one transaction, one inventory_level.changed. */
function eventWriter(db: Database, org: BenchOrganization): (n: number) => Promise<void> {
  const ledger = new InventoryLedger(new InventoryLevelRepository(), new DomainEventRepository());
  return (n) => {
    const barcode = org.barcodes[n % org.barcodes.length];
    return db.transaction((tx) =>
      ledger.apply(tx, [
        {
          organizationId: org.organizationId,
          warehouseId: org.warehouseId,
          barcode,
          delta: { onHand: 1 },
          type: 'StockReceived',
          aggregateType: 'InventoryLevel',
          aggregateId: `${org.warehouseId}/${barcode}`,
          initiator: 'bench',
        },
      ]),
    );
  };
}

/**
 * Waits until the dispatcher has fanned out every event written before: earlier lines leave a backlog of the
 * same organization (each ledger event is stored for the events feed), which this organization's webhooks
 * would otherwise wait behind.
 */
export async function waitForWebhookDispatcher(databaseUrl: string, say: (line: string) => void): Promise<void> {
  const db = new Database({ url: databaseUrl, poolMax: 1, applicationName: 'bench dispatcher wait' });
  try {
    await settle(db, say);
  } finally {
    await db.close();
  }
}

async function settle(db: Database, say: (line: string) => void): Promise<void> {
  const behind = async () => (await db.query<{ behind: boolean }>('SELECT EXISTS (SELECT 1 FROM webhook_fanout_queue) AS behind')).rows[0].behind;
  const started = Date.now();
  const deadline = started + 300_000;
  if (!(await behind())) return;
  say('webhooks: waiting for the dispatcher to fan out the events written before');
  while ((await behind()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  say(`webhooks: the dispatcher caught up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function runPoster(urls: string[], eventsPerEndpoint: number, concurrency: number): Promise<{ sent: number; failed: number }> {
  const child = fork(join(__dirname, 'webhook-poster.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (result: { sent: number; failed: number }) => resolve(result));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the signer-poster exited (${code})`))));
    child.send({ urls, eventsPerEndpoint, concurrency });
  });
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const strip = ({ lags: _lags, ...run }: DeliveryRun & { lags: number[] }): DeliveryRun => run;

export async function measureWebhookCapacity(context: Context): Promise<WebhookCapacityReport> {
  const settings = loadConfigOrExit(WebhookBenchConfig);
  const n = settings.BENCH_WEBHOOK_ENDPOINTS;
  const m = settings.BENCH_WEBHOOK_EVENTS;
  const posterConcurrency = Math.min(n * DEFAULT_WEBHOOK_MAX_PER_ENDPOINT, DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION, DEFAULT_WEBHOOK_MAX_CONCURRENCY);
  const receiver = new CountingReceiver();
  await receiver.start();
  const db = new Database({ url: context.databaseUrl, poolMax: 8, connectTimeoutMs: 30_000, applicationName: 'bench events' });
  const report: WebhookCapacityReport = { endpoints: n, eventsPerRound: m, posterConcurrency, gateway: [], ceiling: [], ratio: 0 };
  try {
    const write = eventWriter(db, context.org);
    await settle(db, context.say);
    await withEndpoints(context, receiver, n, async (paths) => {
      for (let round = 1; round <= context.rounds; round++) {
        context.say(`webhook-capacity: round ${round}/${context.rounds}, gateway: ${n} endpoints x ${m} events`);
        receiver.reset();
        let next = 0;
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            while (next < m) await write(round * m + next++);
          }),
        );
        report.gateway.push(strip(await receiver.collect(n * m, 120_000)));
        context.say(`webhook-capacity: round ${round}/${context.rounds}, signer-poster (${posterConcurrency} in flight)`);
        receiver.reset();
        const posted = await runPoster(
          paths.map((p) => receiver.url(p)),
          m,
          posterConcurrency,
        );
        if (posted.failed > 0) throw new Error(`the signer-poster had ${posted.failed} requests refused`);
        report.ceiling.push(strip(await receiver.collect(n * m, 120_000)));
      }
    });
    report.ratio = mean(report.gateway.map((r) => r.deliveriesPerSecond)) / mean(report.ceiling.map((r) => r.deliveriesPerSecond));
    return report;
  } finally {
    await db.close();
    await receiver.close();
  }
}

export async function measureWebhookLag(context: Context): Promise<WebhookLagReport> {
  const settings = loadConfigOrExit(WebhookBenchConfig);
  const n = settings.BENCH_WEBHOOK_ENDPOINTS;
  const eventsPerSecond = settings.BENCH_WEBHOOK_LAG_RATE / n;
  const events = Math.round(eventsPerSecond * settings.BENCH_WEBHOOK_LAG_SECONDS);
  const receiver = new CountingReceiver();
  await receiver.start();
  const db = new Database({ url: context.databaseUrl, poolMax: 8, connectTimeoutMs: 30_000, applicationName: 'bench events' });
  try {
    const write = eventWriter(db, context.org);
    await settle(db, context.say);
    return await withEndpoints(context, receiver, n, async () => {
      context.say(
        `webhook-lag: ${settings.BENCH_WEBHOOK_LAG_RATE} deliveries/s (${eventsPerSecond} events/s to ${n} endpoints) for ${settings.BENCH_WEBHOOK_LAG_SECONDS} s`,
      );
      receiver.reset(true);
      const started = Date.now();
      const writes: Promise<void>[] = [];
      const failures: Error[] = [];
      for (let i = 0; i < events; i++) {
        // Each event at its own time, whatever the ones before took.
        const wait = started + (i * 1000) / eventsPerSecond - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        writes.push(write(i).catch((error: Error) => void failures.push(error)));
      }
      await Promise.all(writes);
      if (failures.length > 0) throw new Error(`webhook-lag: ${failures.length} of ${events} events could not be written (${failures[0].message})`);
      const run = await receiver.collect(events * n, 120_000);
      const sorted = [...run.lags].sort((a, b) => a - b);
      return {
        ...strip(run),
        endpoints: n,
        targetPerSecond: settings.BENCH_WEBHOOK_LAG_RATE,
        heldSeconds: settings.BENCH_WEBHOOK_LAG_SECONDS,
        lagP50Ms: percentile(sorted, 50),
        lagP99Ms: percentile(sorted, 99),
        lagMaxMs: sorted.at(-1) ?? 0,
      };
    });
  } finally {
    await db.close();
    await receiver.close();
  }
}

const num = (value: number, digits = 0) => value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const once = (run: DeliveryRun) =>
  run.delivered === run.expected && run.duplicates === 0 ? 'each once' : `${num(run.delivered)} of ${num(run.expected)}, ${num(run.duplicates)} twice or more`;

/** The lines of the report for these two. */
export function formatWebhookCapacity(capacity: WebhookCapacityReport | undefined, lag: WebhookLagReport | undefined): string[] {
  const lines: string[] = [];
  if (capacity) {
    lines.push(
      '',
      `Webhook capacity (${capacity.endpoints} endpoints x ${num(capacity.eventsPerRound)} events, one organization, default settings; receiver on 127.0.0.1 answering at once):`,
    );
    capacity.gateway.forEach((g, i) => {
      const c = capacity.ceiling[i];
      lines.push(
        `  round ${i + 1}: gateway ${num(g.deliveriesPerSecond)} deliveries/s (${num(g.spanMs)} ms, ${once(g)}); ` +
          `signer-poster ${num(c.deliveriesPerSecond)} deliveries/s (${num(c.spanMs)} ms, ${capacity.posterConcurrency} in flight, ${once(c)})`,
      );
    });
    const gateway = mean(capacity.gateway.map((g) => g.deliveriesPerSecond));
    lines.push(
      `  gateway ${num(gateway)} deliveries/s (target >= 1,000), ${num(capacity.ratio, 2)} of the signer-poster's ${num(mean(capacity.ceiling.map((c) => c.deliveriesPerSecond)))}: ${gateway >= 1000 ? 'ok' : 'below target'}`,
    );
  }
  if (lag) {
    lines.push(
      '',
      `Webhook lag (${num(lag.targetPerSecond)} deliveries/s asked for ${lag.heldSeconds} s to ${lag.endpoints} endpoints): ${num(lag.deliveriesPerSecond)} deliveries/s over ${num(lag.spanMs / 1000, 1)} s, ${once(lag)}; ` +
        `event to receipt p50 ${num(lag.lagP50Ms)} ms, p99 ${num(lag.lagP99Ms)} ms (target <= 1,000), max ${num(lag.lagMaxMs)} ms: ${lag.lagP99Ms <= 1000 && lag.delivered === lag.expected ? 'ok' : 'below target'}`,
    );
  }
  return lines;
}
