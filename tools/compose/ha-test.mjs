// The HA test's driver (started by tools/compose/ha.sh once the stack of docker-compose.ha.yml is up): order
// creations with Idempotency-Keys and reads through the public gateway (DATABASE_URL through PgBouncer), the
// database tier's way in checked first (the gateway's container reaches no node and not etcd; Patroni's API, etcd
// and HAProxy's statistics ask for credentials; docker-compose refuses the HA file without a password), the
// primary killed (docker kill; creates whose answers are lost to a client timeout first, while it is frozen), the
// checks of contract section 8, the old primary back as a replica and a second failover, a replica added and a
// planned `patronictl switchover` under load (their windows measured), then a point-in-time restore with
// pgBackRest into a fresh node that a gateway serves from. One line per step, then a verdict; exit 1 on a failed
// check. Traffic goes only to 127.0.0.1 and to containers started here.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import { containerIds, docker, dockerCompose as dc, hostPort } from './compose-containers.mjs';
import { fixtureOrganization, salesOrderRequest, send } from '../../bench/src/load/load-kit.mjs';

const run = promisify(execFile);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line) => console.log(`ha: ${line}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The gateways' DATABASE_STATEMENT_TIMEOUT_MS (4 s) plus the client's 500 ms, and 1.5 s for a shared machine. */
const FAIL_FAST_MS = 6_000;
/** Contract section 8: the gateways serve again within 30 s of the new primary. */
const RECOVERY_BOUND_MS = 30_000;

const publicUrl = `http://127.0.0.1:${process.env.PUBLIC_GATEWAY_HOST_PORT}`;
const client = JSON.parse(process.env.HA_CLIENT);
const project = process.env.COMPOSE_PROJECT_NAME;
const demo = JSON.parse(readFileSync('fixtures/demo.json', 'utf8'));
const organizationId = demo.organizations[0].id;
const store = demo.stores.find((s) => s.organizationId === organizationId);
const barcodes = demo.retailUnits.filter((u) => u.organizationId === organizationId && !u.archived).map((u) => u.barcode);
const runId = randomUUID().slice(0, 8);
const kitOrganization = fixtureOrganization('fixtures/demo.json');

const containerOf = async (service) => (await containerIds(service))[0];

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds(timeoutMs)}`);
    await sleep(250);
  }
}

// ---- the database tier -------------------------------------------------------------------------------------

const patroniPorts = {};
/** Patroni's view from any node that answers: { leader, members: [{ name, role, state, lag }] }. */
async function cluster() {
  for (const node of ['pg1', 'pg2']) {
    try {
      // A restarted container gets another host port: read it again.
      if (!patroniPorts[node]) patroniPorts[node] = await hostPort(node, 8008);
      const res = await fetch(`http://127.0.0.1:${patroniPorts[node]}/cluster`, { signal: AbortSignal.timeout(1_000) });
      const body = await res.json();
      return { leader: body.members.find((m) => m.role === 'leader')?.name, members: body.members };
    } catch {
      patroniPorts[node] = undefined;
    }
  }
  return { leader: undefined, members: [] };
}

/** A port HAProxy's container (the `postgres` service, never restarted here) publishes, read once. */
const haproxyPorts = {};
const haproxyPort = async (port) => (haproxyPorts[port] ??= await hostPort('postgres', port));

/** The owner's connection through HAProxy's primary port (the test's own reads: counting orders). */
async function database() {
  const db = new pg.Client({
    host: '127.0.0.1',
    port: await haproxyPort(5432),
    user: 'gateway',
    password: process.env.POSTGRES_PASSWORD,
    database: 'gateway',
    connectionTimeoutMillis: 5000,
  });
  await db.connect();
  return db;
}
async function sql(text, values) {
  const db = await database();
  try {
    return (await db.query(text, values)).rows;
  } finally {
    await db.end();
  }
}

/** The orders of this run by reference (the Idempotency-Key), each with its OPEN fulfilment orders and their quantity. */
async function ordersByReference(prefix) {
  const rows = await sql(
    `SELECT so.order_reference AS reference, so.id::text AS id,
            (SELECT count(*) FROM fulfilment_orders fo WHERE fo.sales_order_id = so.id)::int AS fulfilment_orders,
            (SELECT coalesce(sum(l.quantity), 0) FROM fulfilment_orders fo JOIN fulfilment_order_lines l ON l.fulfilment_order_id = fo.id
              WHERE fo.sales_order_id = so.id)::int AS fulfilment_quantity
       FROM sales_orders so WHERE so.organization_id = $1 AND so.order_reference LIKE $2`,
    [organizationId, `${prefix}%`],
  );
  const byReference = new Map();
  for (const r of rows) byReference.set(r.reference, [...(byReference.get(r.reference) ?? []), r]);
  return byReference;
}

// ---- load ---------------------------------------------------------------------------------------------------

async function token() {
  const res = await fetch(`${publicUrl}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

/** Two lines, quantities 1 and 2: 3 units to fulfil. */
const ORDER_QUANTITY = 3;
function orderBody(reference) {
  const pick = () => barcodes[Math.floor(Math.random() * barcodes.length)];
  const [first, second] = [pick(), pick()];
  return JSON.stringify({
    orderReference: reference,
    placedAt: '2026-10-01T12:00:00Z',
    customer: { firstName: 'Ada', lastName: 'Lovelace' },
    lineItems: [first, second].map((barcode, i) => ({
      name: `Unit ${barcode}`,
      sku: `SKU-${barcode}`,
      barcode,
      quantity: 1 + i,
      price: { currency: 'EUR', amountInMinorUnit: 1299 },
      weightGram: 250,
    })),
  });
}

let accessToken;
const ordersUrl = `${publicUrl}/v0/organizations/${organizationId}/stores/${store.id}/sales-orders`;
async function createOrder(key, body, timeoutMs = 30_000) {
  const record = { kind: 'order', key, body, start: Date.now() };
  try {
    const res = await fetch(ordersUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', 'idempotency-key': key },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    Object.assign(record, { status: res.status, retryAfter: res.headers.get('retry-after'), contentType: res.headers.get('content-type'), text });
    if (res.status === 201 || res.status === 200) record.orderId = JSON.parse(text).id;
  } catch (error) {
    record.error = error.cause?.code ?? error.name ?? error.message;
  }
  record.end = Date.now();
  return record;
}

class Load {
  records = [];
  running = true;
  loops = [];
  count = 0;

  /** shortTimeouts: one order in three gives up after 1.5 s on the client (an answer lost), else 30 s. */
  constructor(prefix, shortTimeouts = true) {
    this.prefix = prefix;
    this.shortTimeouts = shortTimeouts;
  }

  start() {
    // Order creations, each with its own key; the last one in three times out on the client after 1.5 s
    // (an answer lost), to be retried with its key after the failover.
    this.loops.push(
      (async () => {
        while (this.running) {
          const key = `${this.prefix}${++this.count}`;
          this.records.push(await createOrder(key, orderBody(key), this.shortTimeouts && this.count % 3 === 0 ? 1_500 : 30_000));
          await sleep(50);
        }
      })(),
    );
    // Reads: the inventory (the replica's, through PgBouncer) and readiness.
    for (const [kind, url, headers] of [
      ['inventory', `${publicUrl}/v0/organizations/${organizationId}/inventory`, { authorization: `Bearer ${accessToken}` }],
      ['ready', `${publicUrl}/health/ready`, {}],
    ])
      this.loops.push(
        (async () => {
          while (this.running) {
            const record = { kind, start: Date.now() };
            try {
              const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
              await res.arrayBuffer();
              Object.assign(record, { status: res.status, retryAfter: res.headers.get('retry-after') });
            } catch (error) {
              record.error = error.cause?.code ?? error.name;
            }
            record.end = Date.now();
            this.records.push(record);
            await sleep(100);
          }
        })(),
      );
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

// ---- checks -------------------------------------------------------------------------------------------------

const results = [];
function check(name, passed, detail) {
  results.push({ name, passed });
  say(`${passed ? 'ok' : 'FAILED'}: ${name}${detail ? ` (${detail})` : ''}`);
}
const describe = (r) => `${r.kind} ${r.status ?? r.error} after ${r.end - r.start} ms${r.text && r.status >= 300 ? ` ${r.text.slice(0, 120)}` : ''}`;

/** Every key answered 201 has exactly its one order, with its one fulfilment order of 3 units; no key has two. */
async function checkOrders(name, records, prefix) {
  const orders = await ordersByReference(prefix);
  const problems = [];
  let answered = 0;
  for (const r of records.filter((x) => x.kind === 'order')) {
    const found = orders.get(r.key) ?? [];
    if (r.status === 201) {
      answered += 1;
      if (found.length !== 1 || found[0].id !== r.orderId)
        problems.push(`${r.key} answered 201 (${r.orderId}) has orders [${found.map((o) => o.id).join(', ')}]`);
    } else if (found.length > 1) problems.push(`${r.key} (${r.status ?? r.error}) has ${found.length} orders`);
  }
  let stock = 0;
  for (const [reference, found] of orders)
    for (const o of found) {
      stock += o.fulfilment_quantity;
      if (o.fulfilment_orders !== 1 || o.fulfilment_quantity !== ORDER_QUANTITY)
        problems.push(`${reference}: ${o.fulfilment_orders} fulfilment orders of ${o.fulfilment_quantity} units`);
    }
  const stored = [...orders.values()].reduce((n, found) => n + found.length, 0);
  check(
    name,
    problems.length === 0,
    problems.length
      ? problems.slice(0, 5).join('; ')
      : `${answered} orders answered 201, ${stored} orders in the database for ${orders.size} keys, ${stock} units to fulfil`,
  );
  return orders;
}

/** A client timeout of the load kit's send (AbortSignal.timeout's message). */
const timedOut = (r) => /timeout/i.test(r.error ?? '');

/**
 * Creates whose answers the client never gets: the primary frozen (docker pause), three creates sent, each giving
 * up after 1.5 s on the client (the gateway waits for the frozen server longer than that), then the primary thawed
 * for a second before the kill that follows, so that they commit while nobody hears it: the retry must replay, not
 * create again. The client knows none of this.
 */
async function loseAnswers(label, victimId, prefix) {
  const requests = [1, 2, 3].map((i) => salesOrderRequest(publicUrl, accessToken, kitOrganization, `${prefix}lost-${i}`));
  await docker('pause', victimId);
  const sent = await Promise.all(requests.map((request) => send({ ...request, timeoutMs: 1_500 })));
  await docker('unpause', victimId);
  // A second for the thawed primary to finish what it was sent: those creates commit, their answers already lost.
  await sleep(1_000);
  say(
    `${label}: the primary frozen, ${requests.length} creates sent: ${sent.map((r) => r.status ?? (timedOut(r) ? 'client timeout' : r.error)).join(', ')} after ${sent.map((r) => r.end - r.start).join(', ')} ms`,
  );
  return requests.map((request, i) => ({ request, first: sent[i] }));
}

/**
 * Takes the primary away under load and checks what contract section 8 promises: `kill` (docker kill, a
 * crash; with `loseAnswers`, creates lost to a client timeout just before) or `switchover` (patronictl, planned,
 * to the synchronous standby). Returns the old and new primary.
 */
async function failover(label, prefix, { how = 'kill', loseAnswers: lose = false } = {}) {
  const before = await cluster();
  const victim = before.leader;
  const standby = before.members.find((m) => m.role === 'sync_standby') ?? before.members.find((m) => m.name !== victim);
  const victimId = await containerOf(victim);
  const load = new Load(prefix);
  load.start();
  await sleep(8_000);
  // The connection budget through the pooler, measured: the runtime role's sessions on the primary, by what opened them.
  const sessions = await sql(
    `SELECT coalesce(nullif(application_name, ''), '(pgbouncer)') AS name, count(*)::int AS n FROM pg_stat_activity WHERE usename = 'gateway_runtime' GROUP BY 1 ORDER BY 1`,
  ).catch(() => []);
  say(
    `${label}: the gateways' sessions on the primary under load: ${sessions.map((r) => `${r.n} ${r.name}`).join(', ')} (${sessions.reduce((n, r) => n + r.n, 0)} in all)`,
  );
  const lost = lose ? await loseAnswers(label, victimId, prefix) : [];
  const killAt = Date.now();
  let switching;
  if (how === 'kill') {
    await docker('kill', victimId);
    say(`${label}: killed ${victim}, the primary (docker kill), under load; ${standby?.name} was its ${standby?.role}`);
  } else {
    // As an operator would: patronictl on a node, the synchronous standby as the candidate.
    switching = docker(
      'exec',
      '-u',
      'postgres',
      victimId,
      'patronictl',
      '-c',
      '/tmp/patroni.yml',
      'switchover',
      '--leader',
      victim,
      '--candidate',
      standby.name,
      '--force',
    )
      .then(() => Date.now())
      .catch((error) => error);
    say(`${label}: patronictl switchover --leader ${victim} --candidate ${standby?.name} (${standby?.role}), under load`);
  }
  const newLeader = await waitFor(
    'a new primary',
    async () => {
      const now = await cluster();
      return now.leader && now.leader !== victim ? now.leader : undefined;
    },
    60_000,
  );
  const promotedAt = Date.now();
  say(`${label}: Patroni promoted ${newLeader} ${seconds(promotedAt - killAt)} after the ${how === 'kill' ? 'kill' : 'command'}`);
  const servedAt = await waitFor(
    'an order answered 201 after the promotion',
    async () => load.records.find((r) => r.kind === 'order' && r.status === 201 && r.start >= promotedAt)?.end,
    RECOVERY_BOUND_MS + 15_000,
  );
  await sleep(5_000);
  await load.stop();
  if (switching) {
    const done = await switching;
    if (done instanceof Error) check(`${label}: patronictl switchover succeeded`, false, done.message.slice(0, 200));
    else say(`${label}: patronictl returned ${seconds(done - killAt)} after it was started`);
  }

  const orders = load.records.filter((r) => r.kind === 'order');
  // The window a client sees: from the kill (or the command) to the end of the last failed order, client
  // timeouts aside (their answers were lost, not refused).
  const failures = orders.filter((r) => r.end >= killAt && r.status !== 201 && r.error !== 'TimeoutError');
  const window = failures.length ? Math.max(...failures.map((r) => r.end)) - Math.max(killAt, Math.min(...failures.map((r) => r.start))) : 0;
  say(
    `${label}: unavailability window ${seconds(window)} (${failures.length} orders failed), new primary after ${seconds(promotedAt - killAt)}, serving ${seconds(servedAt - promotedAt)} after the promotion`,
  );
  check(
    `${label}: the gateways serve again within 30 s of the new primary, without a restart`,
    servedAt - promotedAt <= RECOVERY_BOUND_MS,
    `${seconds(servedAt - promotedAt)}`,
  );

  // While no primary: 503 problems with Retry-After, within the statement timeout; readiness 503 (after a kill).
  const outage = load.records.filter((r) => r.start >= killAt && r.end <= promotedAt && r.kind !== 'ready');
  const bad = outage.filter(
    (r) =>
      !(r.status < 300) &&
      !(r.kind === 'order' && r.error === 'TimeoutError') &&
      !(r.status === 503 && r.retryAfter && (r.kind !== 'order' || r.contentType?.startsWith('application/problem+json')) && r.end - r.start <= FAIL_FAST_MS),
  );
  const slowest = Math.max(0, ...outage.filter((r) => !(r.kind === 'order' && r.error === 'TimeoutError')).map((r) => r.end - r.start));
  check(
    `${label}: while no primary, requests fail fast with 503 problems and Retry-After`,
    bad.length === 0,
    `${outage.length} requests between the ${how === 'kill' ? 'kill' : 'command'} and the promotion, ${outage.filter((r) => r.status === 503).length} answered 503, slowest ${slowest} ms${bad.length ? `; ${bad.slice(0, 3).map(describe).join('; ')}` : ''}`,
  );
  if (how === 'kill') {
    const ready = load.records.filter((r) => r.kind === 'ready' && r.start >= killAt && r.end <= promotedAt);
    check(
      `${label}: /health/ready says 503 while no primary`,
      ready.some((r) => r.status === 503),
      `${ready.filter((r) => r.status === 503).length} of ${ready.length} answered 503`,
    );
  }

  // The creates whose answer was lost (timed out on the client, or a 503): retried with their keys now.
  const unanswered = orders.filter((r) => r.status !== 201);
  const retried = [];
  for (const r of unanswered) retried.push(await createOrder(r.key, r.body));
  const retriedOk = retried.filter((r) => r.status === 201 || r.status === 200);
  check(
    `${label}: every create whose answer was lost, retried with its key, answered`,
    retriedOk.length === retried.length && (retried.length > 0 || how !== 'kill'),
    `${retried.length} retried (${unanswered.filter((r) => r.error === 'TimeoutError').length} timed out on the client, ${unanswered.filter((r) => r.status === 503).length} answered 503): ${retriedOk.length} answered 201 or 200${
      retriedOk.length < retried.length
        ? `; ${retried
            .filter((r) => !retriedOk.includes(r))
            .slice(0, 3)
            .map(describe)
            .join('; ')}`
        : ''
    }`,
  );
  const lostRetried = [];
  if (lost.length) {
    // The creates lost to the client's timeout while the primary was frozen, retried with their keys (same bodies).
    for (const { request } of lost) lostRetried.push({ key: request.key, ...(await send(request)) });
    const answered = lostRetried.filter((r) => r.status === 201);
    check(
      `${label}: creates lost to a client timeout during the failover, retried with their keys after it, answered once each`,
      lost.every((l) => timedOut(l.first)) && answered.length === lost.length,
      `${lost.filter((l) => timedOut(l.first)).length} of ${lost.length} timed out on the client; retried: ${answered.length} answered 201 (${answered.filter((r) => r.replayed).length} replayed: committed before the kill; ${answered.filter((r) => !r.replayed).length} created by the retry)`,
    );
  }
  const all = [
    ...orders.filter((r) => r.status === 201),
    ...retried,
    ...lostRetried.map((r) => ({ kind: 'order', key: r.key, status: r.status, orderId: r.status === 201 ? JSON.parse(r.text).id : undefined })),
  ];
  await checkOrders(`${label}: every order answered 201 is in the database exactly once, with its stock effect`, all, prefix);
  return { victim, newLeader, killAt, acknowledged: orders.filter((r) => r.status === 201 && r.end < killAt) };
}

/** The node back after a failover: `docker start`, then a replica again (pg_rewind) and a synchronous standby. */
async function rejoin(node) {
  await dc('start', node);
  // An order now and then while it catches up: after pg_rewind a standby is consistent only once the primary
  // has written past the point the rewind noted, which an idle primary does not.
  let rejoinOrders = 0;
  const rejoined = await waitFor(
    `${node} back as a replica`,
    async () => {
      const key = `ha-${runId}-rejoin-${node}-${++rejoinOrders}`;
      await createOrder(key, orderBody(key), 5_000);
      const c = await cluster();
      const member = c.members.find((m) => m.name === node);
      return member && member.role !== 'leader' && ['streaming', 'running'].includes(member.state) && member.lag !== 'unknown' ? member : undefined;
    },
    120_000,
  ).catch(() => undefined);
  check(`${node} rejoined as a replica (pg_rewind)`, rejoined !== undefined, rejoined ? `${rejoined.role}, ${rejoined.state}` : 'not within 120 s');
  if (rejoined)
    await waitFor('a synchronous standby again', async () => (await cluster()).members.some((m) => m.role === 'sync_standby'), 60_000).catch(() => undefined);
  return rejoined;
}

/** HAProxy's statistics page (its login: admin, HAPROXY_STATS_PASSWORD), or without credentials. */
const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
async function haproxyStats(path, { login = true } = {}) {
  const port = await haproxyPort(8404);
  return fetch(`http://127.0.0.1:${port}${path}`, {
    headers: login ? { authorization: basic('admin', process.env.HAPROXY_STATS_PASSWORD) } : {},
    signal: AbortSignal.timeout(2_000),
  });
}

/** HAProxy's view of one backend server (its stats page as CSV): UP, DOWN, MAINT... */
async function haproxyStatus(backend, server) {
  const csv = await (await haproxyStats('/stats;csv')).text();
  const [header, ...rows] = csv.split('\n').map((line) => line.replace(/^# /, '').split(','));
  const row = rows.find((r) => r[header.indexOf('pxname')] === backend && r[header.indexOf('svname')] === server);
  return row?.[header.indexOf('status')];
}

/** A third node added under load, as docs/operations.md says: cloned by Patroni, then in HAProxy's replicas. */
async function addReplica(prefix) {
  const load = new Load(prefix, false);
  load.start();
  await sleep(3_000);
  const startedAt = Date.now();
  await dc('--profile', 'add-replica', 'up', '-d', '--no-build', 'pg3');
  const streamingAt = await waitFor(
    'pg3 streaming',
    async () => {
      const member = (await cluster()).members.find((m) => m.name === 'pg3');
      return member && member.role !== 'leader' && ['streaming', 'running'].includes(member.state) && member.lag !== 'unknown' ? Date.now() : undefined;
    },
    180_000,
  ).catch(() => undefined);
  const routedAt = await waitFor(
    'pg3 in HAProxy replicas',
    async () => ((await haproxyStatus('replicas', 'pg3'))?.startsWith('UP') ? Date.now() : undefined),
    60_000,
  ).catch(() => undefined);
  await sleep(2_000);
  await load.stop();
  const during = load.records.filter((r) => r.start >= startedAt);
  const failed = during.filter((r) => !(r.status < 300));
  say(
    `add replica: pg3 cloned and streaming ${streamingAt ? seconds(streamingAt - startedAt) : 'never'} after docker-compose up, in HAProxy's replicas after ${routedAt ? seconds(routedAt - startedAt) : 'never'}; ${during.length} requests meanwhile, ${failed.length} failed (unavailability window ${failed.length ? seconds(Math.max(...failed.map((r) => r.end)) - Math.min(...failed.map((r) => r.start))) : '0.0 s'})`,
  );
  check(
    'add replica: pg3 joins as a replica and takes reads, no request failing meanwhile',
    streamingAt !== undefined && routedAt !== undefined && failed.length === 0,
    `${(await cluster()).members.map((m) => `${m.name} ${m.role}`).join(', ')}${failed.length ? `; ${failed.slice(0, 3).map(describe).join('; ')}` : ''}`,
  );
  await checkOrders(
    'add replica: every order answered 201 is in the database exactly once, with its stock effect',
    load.records.filter((r) => r.status === 201),
    prefix,
  );
}

// ---- the way in ---------------------------------------------------------------------------------------------

/** Whether a TCP connection to host:port opens within 2 s: 'open', else why not (ENOTFOUND, ECONNREFUSED, timeout). */
const tcpProbe = (net, { host, port }) =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2_000 });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.on('connect', () => done('open'));
    socket.on('timeout', () => done('timeout'));
    socket.on('error', (error) => done(error.code ?? error.message));
  });
/** tcpProbe of each target from inside a container, with its image's node: one `docker exec` for all. */
async function probeFrom(containerId, targets) {
  const script = `const probe = ${tcpProbe}; Promise.all(JSON.parse(process.argv[1]).map((t) => probe(require('node:net'), t))).then((r) => console.log(JSON.stringify(r)));`;
  return JSON.parse(await docker('exec', containerId, 'node', '-e', script, JSON.stringify(targets)));
}
const tally = (results) =>
  Object.entries(results.reduce((counts, r) => ({ ...counts, [r]: (counts[r] ?? 0) + 1 }), {}))
    .map(([result, n]) => `${n} ${result}`)
    .join(', ');

/**
 * Contract section 8, only the gateways' way in: the database tier on networks of its own (a gateway container
 * reaches PgBouncer and HAProxy, no node's Postgres or Patroni API and not etcd, by name or by any of their
 * addresses, which the host reaches), Patroni's API and etcd asking for credentials, HAProxy's statistics a
 * login, and docker-compose refusing the HA file without any one of its passwords, naming it.
 */
async function checkWayIn() {
  const gateway = await containerOf('public-gateway');
  const targets = [];
  for (const [service, ports] of [
    ['pg1', [5432, 8008]],
    ['pg2', [5432, 8008]],
    ['etcd', [2379]],
  ]) {
    const networks = JSON.parse(await docker('inspect', await containerOf(service)))[0].NetworkSettings.Networks;
    const hosts = [service, ...(service === 'etcd' ? [] : [`${service}-peer`]), ...Object.values(networks).map((n) => n.IPAddress)];
    for (const host of hosts) for (const port of ports) targets.push({ host, port, address: /^[\d.]+$/.test(host) });
  }
  const ways = [
    { host: 'pgbouncer', port: 6432 },
    { host: 'postgres', port: 5432 },
  ];
  const fromGateway = await probeFrom(gateway, [...targets, ...ways]);
  const net = await import('node:net');
  const addresses = targets.filter((t) => t.address);
  const fromHost = await Promise.all(addresses.map((t) => tcpProbe(net, t)));
  const reached = targets.filter((t, i) => fromGateway[i] === 'open');
  const waysIn = fromGateway.slice(targets.length);
  check(
    "the way in: a gateway container reaches PgBouncer and HAProxy, no node's 5432 or 8008 and not etcd's 2379",
    reached.length === 0 && waysIn.every((r) => r === 'open') && fromHost.every((r) => r === 'open'),
    `from the public gateway: ${targets.length} node and etcd ports by name and address: ${tally(fromGateway.slice(0, targets.length))}${
      reached.length ? ` (reached: ${reached.map((t) => `${t.host}:${t.port}`).join(', ')})` : ''
    }; pgbouncer:6432 ${waysIn[0]}, postgres:5432 ${waysIn[1]}; from the host, the ${addresses.length} addresses: ${tally(fromHost)}`,
  );

  // Patroni's REST API: a change (a PATCH of the dynamic configuration that changes nothing) without credentials
  // and with them.
  const patroniApi = `http://127.0.0.1:${await hostPort('pg1', 8008)}/config`;
  const patch = (headers) =>
    fetch(patroniApi, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"ttl":10}',
      signal: AbortSignal.timeout(5_000),
    }).then((r) => r.status);
  const [anonymousPatch, authorizedPatch] = [await patch({}), await patch({ authorization: basic('patroni', process.env.PATRONI_RESTAPI_PASSWORD) })];
  check(
    "the way in: Patroni's REST API refuses a change without credentials",
    anonymousPatch === 401 && authorizedPatch === 200,
    `PATCH /config: ${anonymousPatch} without, ${authorizedPatch} with the password`,
  );

  // etcd, from a node (the only containers on its network): a read of Patroni's keys without a token, then with
  // the patroni user's.
  const etcdReads = `import json, os, urllib.error, urllib.request
def call(path, body, token=None):
    request = urllib.request.Request('http://etcd:2379/v3/' + path, json.dumps(body).encode(), {'Authorization': token} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        return json.load(error)
keys = {'key': 'L3NlcnZpY2Uv', 'range_end': 'L3NlcnZpY2Uw', 'count_only': True}
token = call('auth/authenticate', {'name': 'patroni', 'password': os.environ['ETCD_PASSWORD']}).get('token')
print(json.dumps([call('kv/range', keys), call('kv/range', keys, token)]))`;
  const [anonymousRead, patroniRead] = JSON.parse(await docker('exec', await containerOf('pg1'), 'python3', '-c', etcdReads));
  check(
    'the way in: etcd refuses a client without credentials',
    anonymousRead.error !== undefined && anonymousRead.count === undefined && Number(patroniRead.count) > 0,
    `without: ${anonymousRead.error ?? `${anonymousRead.count} keys`}; as patroni: ${patroniRead.error ?? `${patroniRead.count} keys`}`,
  );

  // pg_hba: the superuser and the replication role, with their passwords, through HAProxy (the way the gateways
  // have): refused; the owner the same way: in.
  const loginThroughHaproxy = async (user, password, extra = {}) => {
    const db = new pg.Client({
      host: '127.0.0.1',
      port: await haproxyPort(5432),
      user,
      password,
      database: 'postgres',
      connectionTimeoutMillis: 5000,
      ...extra,
    });
    try {
      await db.connect();
      await db.end();
      return 'in';
    } catch (error) {
      return /pg_hba\.conf (rejects|entry)/.test(error.message) ? 'rejected by pg_hba' : error.message;
    }
  };
  const logins = {
    postgres: await loginThroughHaproxy('postgres', process.env.PATRONI_SUPERUSER_PASSWORD),
    replicator: await loginThroughHaproxy('replicator', process.env.PATRONI_REPLICATION_PASSWORD, { replication: 'true' }),
    gateway: await loginThroughHaproxy('gateway', process.env.POSTGRES_PASSWORD, { database: 'gateway' }),
  };
  check(
    'the way in: pg_hba admits the superuser and the replication role from the nodes only',
    logins.postgres === 'rejected by pg_hba' && logins.replicator === 'rejected by pg_hba' && logins.gateway === 'in',
    `through HAProxy: ${Object.entries(logins)
      .map(([user, outcome]) => `${user} ${outcome}`)
      .join(', ')}`,
  );

  const [anonymousStats, loggedStats] = [(await haproxyStats('/stats', { login: false })).status, (await haproxyStats('/stats')).status];
  check(
    "the way in: HAProxy's statistics page asks for a login",
    anonymousStats === 401 && loggedStats === 200,
    `${anonymousStats} without, ${loggedStats} with it`,
  );

  // docker-compose with the HA file, each password missing in turn.
  const refusals = [];
  for (const name of process.env.HA_PASSWORDS.split(' ')) {
    const env = { ...process.env };
    delete env[name];
    const outcome = await run('docker-compose', ['config', '-q'], { env }).then(
      () => 'accepted',
      (error) => (error.stderr.includes(`${name} must be set`) ? 'refused, named' : `refused without its name: ${error.stderr.trim().slice(0, 160)}`),
    );
    refusals.push(`${name} ${outcome}`);
  }
  check(
    'the way in: docker-compose refuses the HA file without any one of its passwords, naming it',
    refusals.every((r) => r.endsWith('refused, named')),
    refusals.filter((r) => !r.endsWith('refused, named')).join('; ') || `${refusals.length} passwords, each refused and named`,
  );
}

// ---- the run ------------------------------------------------------------------------------------------------

async function main() {
  const receiverPort = await hostPort('webhook-receiver', 8080);
  const receipts = async () => (await fetch(`http://127.0.0.1:${receiverPort}/receipts`)).json();

  await waitFor(
    'a primary and a synchronous standby streaming',
    async () => {
      const c = await cluster();
      return c.leader && c.members.some((m) => m.role === 'sync_standby' && ['streaming', 'running'].includes(m.state));
    },
    120_000,
  );
  say(`Patroni: ${(await cluster()).members.map((m) => `${m.name} ${m.role}`).join(', ')}`);
  await checkWayIn();

  accessToken = await token();
  const endpoint = await fetch(`${publicUrl}/v0/organizations/${organizationId}/webhook-endpoints`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'http://webhook-receiver:8080/hooks', eventTypes: ['sales_order.created'] }),
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);
  say('webhook endpoint registered (sales_order.created, to the receiver on the compose network)');

  // ---- the first failover ----
  const first = await failover('failover 1', `ha-${runId}-a-`, { loseAnswers: true });

  // Webhooks of the orders acknowledged before the kill: all delivered, at least once.
  const acknowledgedIds = new Set(first.acknowledged.map((r) => r.orderId));
  const delivered = await waitFor(
    'the webhooks of the orders acknowledged before the kill',
    async () => {
      const got = new Set((await receipts()).map((r) => r.dataId));
      const missing = [...acknowledgedIds].filter((id) => !got.has(id));
      return missing.length === 0 ? got : undefined;
    },
    90_000,
  ).catch(() => undefined);
  check('failover 1: the webhook deliveries of the orders acknowledged before the kill all arrived', delivered !== undefined, `${acknowledgedIds.size} orders`);

  // ---- the old primary back, as a replica ----
  const rejoined = await rejoin(first.victim);

  // ---- the second failover, back to the first node ----
  if (rejoined) {
    const second = await failover('failover 2', `ha-${runId}-b-`);
    check('failover 2: back to the first primary', second.newLeader === first.victim, `${second.victim} killed, ${second.newLeader} promoted`);
    // ---- a planned switchover (two nodes, as for the failovers), then a replica added, as an operator does them,
    // then a switchover again with the three nodes (a synchronous standby and an asynchronous replica) ----
    if (await rejoin(second.victim)) {
      await failover('switchover', `ha-${runId}-c-`, { how: 'switchover' });
      await addReplica(`ha-${runId}-d-`);
      await failover('switchover on three nodes', `ha-${runId}-e-`, { how: 'switchover' });
    }
  }

  // ---- backup and restore to a point in time ----
  await restore();

  finish();
}

/** The verdict, and the checks counted in CI's closing summary (TEST_SUMMARY_FILE) as tests are. */
function finish(error) {
  if (error) results.push({ name: `stopped: ${error.message}`, passed: false });
  const failed = results.filter((r) => !r.passed);
  say(failed.length ? `FAILED: ${failed.length} of ${results.length} checks` : `all ${results.length} checks passed`);
  if (process.env.TEST_SUMMARY_FILE)
    appendFileSync(
      process.env.TEST_SUMMARY_FILE,
      `${JSON.stringify({ passed: results.length - failed.length, failed: failed.length, skipped: 0, failures: failed.map((r) => `ha test: ${r.name}`) })}\n`,
    );
  process.exitCode = failed.length ? 1 : 0;
}

async function restore() {
  const leader = await waitFor('a primary', async () => (await cluster()).leader, 60_000);
  const leaderId = await containerOf(leader);
  const asPostgres = (...args) => docker('exec', '-u', 'postgres', leaderId, ...args);
  const backupStarted = Date.now();
  await asPostgres('pgbackrest', '--stanza=gateway', '--type=full', 'backup');
  say(`restore: full backup taken on ${leader} with pgBackRest in ${seconds(Date.now() - backupStarted)}`);

  const create = async (prefix, n) => {
    const made = [];
    for (let i = 1; i <= n; i++) made.push(await createOrder(`${prefix}${i}`, orderBody(`${prefix}${i}`)));
    if (made.some((r) => r.status !== 201))
      throw new Error(
        `restore: orders: ${made
          .filter((r) => r.status !== 201)
          .map(describe)
          .join('; ')}`,
      );
    return made;
  };
  const before = await create(`ha-${runId}-before-`, 10);
  await sleep(1_000);
  const [{ target }] = await sql("SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' AS target");
  await sleep(1_000);
  const after = await create(`ha-${runId}-after-`, 10);
  // The WAL holding the later orders archived, so that the restore has to stop at the target rather than run out.
  // As the postgres superuser on the primary (pg_switch_wal is not the owner's).
  const psql = async (text) => (await asPostgres('psql', '-Atc', text)).trim();
  const segment = await psql('SELECT pg_walfile_name(pg_switch_wal())');
  await waitFor('the WAL archived', async () => (await psql(`SELECT last_archived_wal >= '${segment}' FROM pg_stat_archiver`)) === 't', 60_000);
  say(`restore: 10 orders before the target time ${target}, 10 after, WAL archived`);

  // A fresh node: an empty volume, the repository, restored to the target and promoted; on the network HAProxy
  // reaches the nodes on, with a gateway of its own there.
  const networkName = `${project}_db`;
  const name = `${project}_restore`;
  const restoreStarted = Date.now();
  await docker(
    'run',
    '-d',
    '--name',
    name,
    '--network',
    networkName,
    '--network-alias',
    'pg-restore',
    '-p',
    '127.0.0.1::5432',
    '-v',
    `${project}_pgbackrest-repo:/var/lib/pgbackrest:ro`,
    '-v',
    `${process.cwd()}/deploy/ha:/etc/ha:ro`,
    '--entrypoint',
    '/etc/ha/restore-node.sh',
    process.env.DB_TIER_IMAGE ?? 'gateway-local/db-tier:15',
    target,
  );
  const restoredPort = await waitFor(
    'the restored node up',
    async () => {
      const port = Number((await docker('port', name, '5432')).split(':').pop());
      const db = new pg.Client({
        host: '127.0.0.1',
        port,
        user: 'gateway',
        password: process.env.POSTGRES_PASSWORD,
        database: 'gateway',
        connectionTimeoutMillis: 2000,
      });
      await db.connect();
      try {
        const { rows } = await db.query('SELECT pg_is_in_recovery() AS recovering');
        return rows[0].recovering ? undefined : port;
      } finally {
        await db.end();
      }
    },
    180_000,
  );
  const restored = new pg.Client({ host: '127.0.0.1', port: restoredPort, user: 'gateway', password: process.env.POSTGRES_PASSWORD, database: 'gateway' });
  await restored.connect();
  const count = async (prefix) =>
    Number((await restored.query('SELECT count(*) AS n FROM sales_orders WHERE order_reference LIKE $1', [`${prefix}%`])).rows[0].n);
  const [beforeCount, afterCount] = [await count(`ha-${runId}-before-`), await count(`ha-${runId}-after-`)];
  await restored.end();
  check(
    'restore: to the target time, the orders before it are there and the later ones not',
    beforeCount === before.length && afterCount === 0,
    `restored in ${seconds(Date.now() - restoreStarted)}: ${beforeCount} of ${before.length} orders before the target, ${afterCount} of ${after.length} after it`,
  );

  // A gateway on the restored database: the public gateway's image and settings, its database the restored node.
  const gatewayEnv = JSON.parse(await docker('inspect', await containerOf('public-gateway')))[0].Config.Env.filter((e) => !e.startsWith('DATABASE_'));
  const runtimeUrl = `postgresql://gateway_runtime:${process.env.DATABASE_RUNTIME_PASSWORD}@pg-restore:5432/gateway`;
  const gatewayName = `${project}_restore_gateway`;
  await docker(
    'run',
    '-d',
    '--name',
    gatewayName,
    '--network',
    networkName,
    '-p',
    '127.0.0.1::3000',
    ...gatewayEnv.flatMap((e) => ['-e', e]),
    '-e',
    `DATABASE_URL=${runtimeUrl}`,
    'gateway-public-gateway:local',
  );
  try {
    const port = Number((await docker('port', gatewayName, '3000')).split(':').pop());
    const order = before[0];
    const status = await waitFor(
      'the gateway on the restored database ready',
      async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).status === 200,
      60_000,
    )
      .then(async () => {
        const res = await fetch(`http://127.0.0.1:${port}/oauth2/token`, {
          method: 'POST',
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
        });
        const restoredToken = (await res.json()).access_token;
        return (
          await fetch(`http://127.0.0.1:${port}/v0/organizations/${organizationId}/stores/${store.id}/sales-orders/${order.orderId}`, {
            headers: { authorization: `Bearer ${restoredToken}` },
          })
        ).status;
      })
      .catch((error) => error.message);
    check('restore: a gateway serves from the restored database', status === 200, `GET of an order created before the target: ${status}`);
  } finally {
    await docker('rm', '-f', gatewayName).catch(() => undefined);
  }
}

main().then(
  () => process.exit(),
  (error) => {
    say(`FAILED: ${error.message}`);
    finish(error);
    // Load loops of a step that threw would keep the process alive.
    process.exit();
  },
);
