// Area "load": a bounded soak of mixed reads and writes on both gateways (autocannon), with no error,
// no 5xx, and resident memory that levels off.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { AreaTally } from './support/area-report';
import { GatewayProcess } from './support/gateway-process';
import { salesOrderBody } from './support/operations';
import { World, startWorld } from './support/world';

const SOAK_SECONDS = Number(process.env.RESILIENCE_SOAK_SECONDS ?? 60);

/** Resident memory of each gateway, sampled every second while `work` runs; a sample that could not be read is counted. */
async function sampleMemory<T>(
  gateways: GatewayProcess[],
  work: Promise<T>,
): Promise<{ result: T; samples: Record<string, number[]>; unread: Record<string, string[]> }> {
  const samples: Record<string, number[]> = Object.fromEntries(gateways.map((g) => [g.name, []]));
  const unread: Record<string, string[]> = Object.fromEntries(gateways.map((g) => [g.name, []]));
  const timer = setInterval(() => {
    for (const gateway of gateways) {
      void gateway.rssKb().then(
        (kb) => samples[gateway.name].push(kb),
        (error: unknown) => unread[gateway.name].push(String(error)),
      );
    }
  }, 1000);
  try {
    return { result: await work, samples, unread };
  } finally {
    clearInterval(timer);
  }
}

/** The fewest samples that say whether memory levels off: two in each third of the run. */
const MIN_SAMPLES = 6;

const max = (values: number[]) => Math.max(...values);

describe('load', () => {
  let world: World;
  const tally = new AreaTally('load');

  beforeAll(async () => {
    world = await startWorld();
  });

  afterAll(() => world?.close());
  afterEach(() => tally.flush());

  it(`soaks both gateways for ${SOAK_SECONDS} s of mixed reads and writes: no error, no 5xx, memory levels off`, async () => {
    const { org } = world;
    const publicHeaders = { authorization: `Bearer ${world.publicToken}` };
    const internalHeaders = { authorization: `Bearer ${world.internalToken}` };
    const orderBody = JSON.stringify(salesOrderBody(world, 'soak'));
    const publicLoad = autocannon({
      url: world.publicGateway.url,
      connections: 6,
      duration: SOAK_SECONDS,
      requests: [
        { method: 'GET', path: '/v0/whoami', headers: publicHeaders },
        { method: 'GET', path: `/v0/organizations/${org.organizationId}/inventory`, headers: publicHeaders },
        { method: 'GET', path: `/v0/organizations/${org.organizationId}/invoices`, headers: publicHeaders },
        { method: 'GET', path: `/v0/organizations/${org.organizationId}/invoices/${world.invoiceId}`, headers: publicHeaders },
        {
          method: 'POST',
          path: `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`,
          body: orderBody,
          // A fresh Idempotency-Key for every creation.
          setupRequest: (req) => ({ ...req, headers: { ...publicHeaders, 'content-type': 'application/json', 'idempotency-key': `soak-${randomUUID()}` } }),
        },
        { method: 'GET', path: '/v0/organizations', headers: publicHeaders },
      ],
    });
    const internalLoad = autocannon({
      url: world.internalGateway.url,
      connections: 2,
      duration: SOAK_SECONDS,
      requests: [
        { method: 'GET', path: `/organizations/${org.organizationId}/warehouses/${org.warehouseId}/inventory/${org.barcodes[0]}`, headers: internalHeaders },
        { method: 'GET', path: `/organizations/${org.organizationId}`, headers: internalHeaders },
        {
          method: 'GET',
          path: `/internal-tools/events/by-barcode?organizationId=${org.organizationId}&barcode=${org.barcodes[1]}&limit=20`,
          headers: internalHeaders,
        },
        {
          method: 'POST',
          path: '/internal-tools/dispatch-command',
          headers: { ...internalHeaders, 'content-type': 'application/json' },
          body: JSON.stringify({
            commandName: 'RECEIVE_STOCK',
            organizationId: org.organizationId,
            commandBody: { warehouseId: org.warehouseId, barcode: org.barcodes[1], quantity: 1 },
          }),
        },
      ],
    });
    const { result, samples, unread } = await sampleMemory([world.publicGateway, world.internalGateway], Promise.all([publicLoad, internalLoad]));

    const figures: Record<string, unknown> = { seconds: SOAK_SECONDS };
    for (const [name, run] of [['public', result[0]] as const, ['internal', result[1]] as const]) {
      const fiveHundreds = run['5xx'];
      tally.tried += run.requests.total - 1;
      tally.check(run.errors === 0 && run.timeouts === 0, `${name}: ${run.errors} errors, ${run.timeouts} timeouts`);
      tally.check(run.non2xx === 0, `${name}: ${run.non2xx} answers that were not 2xx (${fiveHundreds} of them 5xx)`);
      figures[name] = {
        requests: run.requests.total,
        requestsPerSecond: run.requests.average,
        p50Ms: run.latency.p50,
        p99Ms: run.latency.p99,
        errors: run.errors,
        non2xx: run.non2xx,
        fiveHundreds,
      };
    }
    for (const [name, kb] of Object.entries(samples)) {
      // Without samples there is nothing to compare (Math.max() of none is -Infinity, and every comparison would pass).
      tally.check(
        kb.length >= MIN_SAMPLES,
        `${name}: ${kb.length} memory samples taken (at least ${MIN_SAMPLES} needed); unread: ${unread[name].slice(0, 3).join('; ') || 'none'}`,
      );
      if (kb.length < MIN_SAMPLES) continue;
      // Levels off: the last third of the run does not rise above the middle third by more than 15 %.
      const third = Math.floor(kb.length / 3);
      const middle = max(kb.slice(third, 2 * third));
      const last = max(kb.slice(2 * third));
      tally.check(last <= middle * 1.15, `${name}: resident memory rose from ${middle} kB to ${last} kB in the last third`);
      figures[`${name} rss MB (first, middle third max, last third max)`] = [kb[0], middle, last].map((v) => Math.round(v / 1024));
    }
    const out = join(__dirname, '../../../tmp');
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'resilience-soak.json'), `${JSON.stringify(figures, null, 2)}\n`);
    process.stdout.write(`\nsoak figures: ${JSON.stringify(figures)}\n`);
    expect(tally.failures).toEqual([]);
  });
});
