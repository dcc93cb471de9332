// The bench's framework-free baseline re-implements, by hand, what the gateways do for the scenarios it is
// compared on (scenarios.ts, comparison: 'baseline'). The comparison means something only while both do
// the same work, so each of those scenarios' requests goes to the gateway and to the baseline, on one
// database, with the same token, and the two must give the same status, the same body and the same
// changes to the database. A scenario added with comparison: 'baseline' is covered without a change here.
import { randomUUID } from 'node:crypto';
import { Database } from '@gateway/persistence';
import { createTestDatabase, createTestToken, useFixture } from '@gateway/testing';
import { BenchDataset, loadDataset } from '../src/dataset';
import { salesOrderBody, salesOrdersPath } from '../src/load/load-kit.mjs';
import { ServerProcess } from '../src/processes';
import { prepareReturnableOrders } from '../src/returnable-order';
import { BenchContext, SCENARIOS, Scenario, ScenarioRequest } from '../src/scenarios';
import { BenchServers, startBenchServers } from './support/bench-servers';
import { RowChange, Snapshot, changesBetween, snapshot } from './support/database-changes';

jest.setTimeout(120_000);

/**
 * The bench's organizations at a twentieth of their rows: 50, 500 and 5,000 inventory rows, so that the
 * largest read still crosses a page of 2,000 levels at each warehouse, as both servers page alike.
 */
const SCALE = 1 / 20;
const BASELINE_SCENARIOS = SCENARIOS.filter((s) => s.comparison === 'baseline');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/**
 * What a created sales order's or return's answer may differ in, and the form each must have: the record's id
 * and a sales order's fulfilment order's id (each server generates its own), and its creation time (and a
 * return's updatedAt, the same; each server's own transaction). Their values are named, not compared, in the answer and in the rows written.
 */
const GENERATED_FIELDS: Record<string, RegExp> = {
  id: UUID,
  fulfilmentOrderId: /^fo-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  createdAt: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
  // A return's: set with its creation (each server's own transaction).
  updatedAt: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
};
/** The generated fields of one kind of created record only: a sales order's fulfilmentOrderId, a return's updatedAt. */
const OF_ONE_KIND = new Set(['fulfilmentOrderId', 'updatedAt']);
/**
 * Columns whose values differ between any two writes, left out of the comparison: what the database fills
 * in (random ids, transaction ids, clock readings). Every other column of a row written, inserted, updated
 * or deleted, must be equal.
 */
const GENERATED_COLUMNS: Record<string, string[]> = {
  'public.sales_orders': ['created_at'],
  'public.fulfilment_orders': ['created_at', 'updated_at'],
  'public.domain_events': ['id', 'xid', 'occurred_at'],
  'public.idempotency_records': ['created_at', 'completed_at'],
  'public.inventory_levels': ['updated_at'],
  'public.returns': ['created_at', 'updated_at'],
  'public.inbound_shipments': ['created_at', 'updated_at'],
};
/**
 * pg-boss's bookkeeping, which every gateway process writes on its own clock (heartbeats, interval claims,
 * queue statistics), left out. Its jobs (pgboss.job) are compared: a job queued by a request is work.
 */
const OWN_CLOCK_TABLES = [
  'pgboss.bam',
  'pgboss.instance',
  'pgboss.queue',
  'pgboss.queue_stats',
  'pgboss.schedule',
  'pgboss.subscription',
  'pgboss.version',
  'pgboss.warning',
];
/**
 * Serial columns, compared as ranks among the rows the request inserted: the events' sequence numbers
 * differ (each server's events come after the other's) but their order is the order of the events feed,
 * and the fan-out queue holds the same numbers as its events.
 */
const RANKED_COLUMNS: Record<string, string> = { 'public.domain_events': 'sequence', 'public.webhook_fanout_queue': 'sequence' };

interface Sent {
  method: ScenarioRequest['method'];
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Exchange {
  status: number;
  contentType: string | null;
  text: string;
  /** The values the answer and the rows may differ in, each with its name. */
  generated: Map<string, string>;
  changes: RowChange[];
}

/** The request a scenario sends, as the load generator sends it (load-worker.ts). */
function requestOf(base: ScenarioRequest, token: string | undefined, salesOrder: string | undefined): Sent {
  const headers = { ...base.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  // A fresh sales order each time: both targets get the same body, each its own Idempotency-Key (the key of
  // one client, sent twice, would make the second target replay the first one's order).
  if (base.freshSalesOrders) return { method: base.method, path: base.path, headers: { ...headers, 'idempotency-key': randomUUID() }, body: salesOrder };
  if (base.freshKeys) return { method: base.method, path: base.path, headers: { ...headers, 'idempotency-key': randomUUID() }, body: base.body };
  return { method: base.method, path: base.path, headers, body: base.body };
}

/** Sends the request and reads what it changed in the database since `before`; answers the snapshot after it too. */
async function exchange(db: Database, target: ServerProcess, request: Sent, before: Snapshot): Promise<[Exchange, Snapshot]> {
  const response = await fetch(`${target.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
  const text = await response.text();
  const after = await snapshot(db);
  const changes = await changesBetween(db, before, after);
  const generated = new Map<string, string>();
  const key = request.headers['idempotency-key'];
  if (key) generated.set(key, '<Idempotency-Key>');
  if (request.method === 'POST' && response.status === 201) {
    const created = JSON.parse(text) as Record<string, unknown>;
    for (const [field, form] of Object.entries(GENERATED_FIELDS)) {
      const value = created[field];
      // What one kind of record has (a sales order's fulfilment order, a return's updatedAt) is named where it is answered.
      if (value === undefined && OF_ONE_KIND.has(field)) continue;
      // A created inbound shipment has no fulfilment order; what it does have is compared field by field.
      if (value === undefined && field === 'fulfilmentOrderId') continue;
      if (typeof value !== 'string' || !form.test(value)) throw new Error(`${target.name} answered ${field} ${JSON.stringify(value)}, not of the form ${form}`);
      generated.set(value, `<${field}>`);
    }
  }
  return [{ status: response.status, contentType: response.headers.get('content-type'), text, generated, changes }, after];
}

/** A value with the generated values replaced by their names, at any depth. */
function named(value: unknown, generated: Map<string, string>): unknown {
  if (typeof value === 'string') return generated.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => named(item, generated));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, named(v, generated)]));
  return value;
}

/**
 * The answer as compared: status, content type, and the body as a JSON value with its generated values
 * named. Not the order of an object's keys, which JSON leaves without meaning (RFC 8259) and clients do
 * not read: the baseline's sales-order read builds its customer and lines in Postgres, whose jsonb keeps
 * keys in an order of its own. Not the other headers either: X-Request-Id differs by design, and the
 * gateway's framework adds headers (security headers, Location of a created order) the baseline leaves out.
 */
function answerOf(x: Exchange) {
  return { status: x.status, contentType: x.contentType, body: named(JSON.parse(x.text), x.generated) };
}

/** The rows written, generated columns left out, serials ranked and generated values named, one line each, sorted. */
function changesOf(x: Exchange): string[] {
  const omit = (table: string, row: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => !GENERATED_COLUMNS[table]?.includes(column)));
  const ranks = new Map<string, number>();
  for (const [table, column] of Object.entries(RANKED_COLUMNS)) {
    const serials = x.changes.flatMap((c) => (c.table === table && c.change === 'inserted' ? [Number(c.row[column])] : [])).sort((a, b) => a - b);
    serials.forEach((serial, rank) => ranks.set(`${table} ${serial}`, rank));
  }
  return x.changes
    .filter((change) => !OWN_CLOCK_TABLES.includes(change.table))
    .flatMap((change): unknown[] => {
      if (change.change === 'updated') {
        const columns = omit(change.table, change.columns);
        return Object.keys(columns).length > 0 ? [{ ...change, columns }] : [];
      }
      const row = omit(change.table, change.row);
      const ranked = RANKED_COLUMNS[change.table];
      if (ranked && change.change === 'inserted') row[ranked] = ranks.get(`${change.table} ${Number(change.row[ranked])}`);
      return [{ ...change, row }];
    })
    .map((change) => JSON.stringify(named(change, x.generated)))
    .sort();
}

/** What the scenarios address, as main.ts makes it: tokens of two SERVICE clients, the replay's first order (the one sales-order-get reads), and the shipped orders return-create returns from (two: the requests here go to the first). */
async function benchContext(
  urls: { public: string; internal: string },
  dataset: BenchDataset,
  token: (audience: 'public' | 'internal') => Promise<string>,
): Promise<BenchContext> {
  const publicUrl = urls.public;
  const publicToken = await token('public');
  const replay = { key: `equivalence-replay-${randomUUID()}`, body: salesOrderBody('equivalence-replay', dataset[1_000].barcodes) };
  const first = await fetch(`${publicUrl}${salesOrdersPath(dataset[1_000])}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publicToken}`, 'content-type': 'application/json', 'idempotency-key': replay.key },
    body: replay.body,
  });
  if (first.status !== 201) throw new Error(`the replay's first request answered ${first.status}: ${await first.text()}`);
  const salesOrderId = ((await first.json()) as { id: string }).id;
  // Token minting is compared with oidc-provider, not the baseline: its client is not needed here.
  const internalToken = await token('internal');
  const returnable = await prepareReturnableOrders(urls, { public: publicToken, internal: internalToken }, dataset[1_000], 2);
  return { dataset, publicToken, internalToken, mintingClient: { clientId: '', clientSecret: '' }, replay, salesOrderId, returnable };
}

describe('the bench baseline answers and writes as the gateways do', () => {
  const { fixture } = useFixture(async (defer) => {
    const database = await createTestDatabase();
    defer(() => database.drop());
    const dataset = await loadDataset(database.db, () => undefined, SCALE);
    const token = async (issuer: string, audience: 'public' | 'internal') =>
      (await createTestToken({ url: issuer }, database.url, { type: 'SERVICE', audience })).accessToken;
    let context: BenchContext | undefined;
    const servers: BenchServers = await startBenchServers(database.url, async (publicUrl, internalUrl) => {
      context = await benchContext({ public: publicUrl, internal: internalUrl }, dataset, (audience) => token(publicUrl, audience));
    });
    defer(() => servers.stop());
    return { fixture: { database, servers, context: context as BenchContext, publicToken: () => token(servers.gateways.public.url, 'public') } };
  });

  /**
   * One scenario's request sent to its gateway, then to the baseline (changed by `differently`, for the
   * cases that show a difference is reported), with what each changed in the database.
   */
  async function both(scenario: Scenario, differently: (request: Sent) => Sent = (request) => request): Promise<{ gateway: Exchange; baseline: Exchange }> {
    const { db } = fixture.database;
    const base = scenario.request(fixture.context);
    // A scenario of fresh tokens sends each token once to each target: here one new token, to both.
    const token = scenario.freshTokens ? await fixture.publicToken() : undefined;
    const salesOrder = base.freshSalesOrders ? salesOrderBody(`equivalence-${scenario.name}`, base.freshSalesOrders.barcodes) : undefined;
    const snapshots = [await snapshot(db)];
    try {
      const [gateway, afterGateway] = await exchange(db, fixture.servers.gateways[scenario.gateway], requestOf(base, token, salesOrder), snapshots[0]);
      snapshots.push(afterGateway);
      const [baseline, afterBaseline] = await exchange(db, fixture.servers.baseline, differently(requestOf(base, token, salesOrder)), afterGateway);
      snapshots.push(afterBaseline);
      return { gateway, baseline };
    } finally {
      await Promise.all(snapshots.map((s) => s.drop()));
    }
  }

  const scenario = (name: string) => BASELINE_SCENARIOS.find((s) => s.name === name) as Scenario;

  it('finds the scenarios compared with the baseline in the bench', () => {
    expect(BASELINE_SCENARIOS.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'whoami',
        'inventory-1k',
        'invoices',
        'sales-order-create',
        'sales-order-get',
        'internal-inventory-level',
        'inbound-shipment-create',
      ]),
    );
  });

  it.each(BASELINE_SCENARIOS.map((s) => [s.name, s] as const))('%s: the same status, body and database changes', async (_name, s) => {
    const { gateway, baseline } = await both(s);
    // A success: two servers refusing the request alike would prove little.
    expect(gateway.status).toBeLessThan(300);
    expect(answerOf(baseline)).toEqual(answerOf(gateway));
    expect(changesOf(baseline)).toEqual(changesOf(gateway));
  });

  it('replays a key and refuses it with another body as the gateway does, writing nothing either time', async () => {
    const { db } = fixture.database;
    const org = fixture.context.dataset[1_000];
    const orders = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sales_orders')).rows[0].n;
    /** The key's first request, the same again, and the key with another body, to one server. */
    const threeTimes = async (url: string) => {
      const key = `equivalence-key-${randomUUID()}`;
      const body = salesOrderBody(key, org.barcodes.slice(0, 2));
      const send = (sent: string) =>
        fetch(`${url}${salesOrdersPath(org)}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${fixture.context.publicToken}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: sent,
        });
      const first = await send(body);
      const firstText = await first.text();
      const before = await orders();
      const again = await send(body);
      const other = await send(JSON.stringify({ ...JSON.parse(body), orderReference: 'another' }));
      return {
        statuses: [first.status, again.status, other.status],
        replayed: again.headers.get('idempotent-replayed'),
        sameAnswer: (await again.text()) === firstText,
        otherType: ((await other.json()) as { type?: string }).type?.split('/').pop(),
        written: (await orders()) - before,
      };
    };
    const gateway = await threeTimes(fixture.servers.gateways.public.url);
    expect(gateway).toEqual({ statuses: [201, 201, 422], replayed: 'true', sameAnswer: true, otherType: expect.any(String), written: 0 });
    expect(await threeTimes(fixture.servers.baseline.url)).toEqual({ ...gateway, otherType: expect.anything() });
  });

  it("reports an answer that differs in one field: whoami with another client's token", async () => {
    const other = await fixture.publicToken();
    const { gateway, baseline } = await both(scenario('whoami'), (request) => ({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${other}` },
    }));
    expect(baseline.status).toBe(gateway.status);
    expect(answerOf(baseline)).not.toEqual(answerOf(gateway));
    expect(changesOf(baseline)).toEqual(changesOf(gateway));
  });

  it('reports rows that differ in one quantity: a sales order whose last line asks one more', async () => {
    const { gateway, baseline } = await both(scenario('sales-order-create'), (request) => {
      const body = JSON.parse(request.body as string) as { lineItems: { quantity: number }[] };
      body.lineItems[body.lineItems.length - 1].quantity += 1;
      return { ...request, body: JSON.stringify(body) };
    });
    expect(baseline.status).toBe(gateway.status);
    const [gatewayRows, baselineRows] = [changesOf(gateway), changesOf(baseline)];
    expect(baselineRows).toHaveLength(gatewayRows.length);
    expect(baselineRows).not.toEqual(gatewayRows);
  });
});
