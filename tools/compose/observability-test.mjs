// The observability test's driver (started by tools/compose/observability.sh once the stack is up): a steady load
// through HAProxy; every panel of the gateways' dashboards (deploy/grafana) has its queries run against the live
// Prometheus with Grafana's variables substituted, and each must return data; then, at once, the internal
// gateway's replicas are stopped and the webhook receiver stops answering (paused). Each alert must reach
// Alertmanager's API within its `for` plus a scrape and two evaluation intervals of its condition, and resolve:
// the not-ready ones once the replicas are back, the availability burn once its 5 min window no longer holds
// the outage, the webhook backlog once the receiver answers again.
// With the argument database-tier (the HA file's stack with its exporters), the database tier's dashboard instead.
// One line per panel and per alert, with its time; exit 1 on a failed check. Traffic goes only to 127.0.0.1.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { parse } from 'yaml';
import { dockerCompose } from './compose-containers.mjs';
import { bearer, fixtureOrganization, mintToken, salesOrderRequest, send, tokenRequest } from '../../bench/src/load/load-kit.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line) => console.log(`observability: ${line}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const failures = [];
const check = (ok, line) => {
  say(`${ok ? 'ok' : 'FAILED'}: ${line}`);
  if (!ok) failures.push(line);
};

const publicUrl = `http://127.0.0.1:${process.env.PUBLIC_GATEWAY_HOST_PORT}`;
const internalUrl = `http://127.0.0.1:${process.env.INTERNAL_GATEWAY_HOST_PORT}`;
const prometheusUrl = `http://127.0.0.1:${process.env.PROMETHEUS_HOST_PORT}`;
const alertmanagerUrl = `http://127.0.0.1:${process.env.ALERTMANAGER_HOST_PORT}`;
const org = fixtureOrganization('fixtures/demo.json');
const runId = randomUUID().slice(0, 8);

// The intervals of deploy/prometheus/compose/prometheus.yml, and the rules' `for` as shipped.
const compose = parse(readFileSync('deploy/prometheus/compose/prometheus.yml', 'utf8'));
const durationMs = (text) =>
  [...text.matchAll(/(\d+)(ms|s|m|h)/g)].reduce((sum, [, n, unit]) => sum + Number(n) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit], 0);
const scrapeMs = durationMs(compose.global.scrape_interval);
const evaluationMs = durationMs(compose.global.evaluation_interval);
const rules = parse(readFileSync('deploy/prometheus/gateway.rules.yml', 'utf8')).groups.flatMap((g) => g.rules);
const forMs = (alert) => durationMs(rules.find((r) => r.alert === alert).for ?? '0s');
// Grafana's $__rate_interval: four scrape intervals at least.
const rateInterval = `${(4 * scrapeMs) / 1000}s`;

async function query(expr) {
  const res = await fetch(`${prometheusUrl}/api/v1/query?${new URLSearchParams({ query: expr })}`);
  const body = await res.json();
  if (body.status !== 'success') throw new Error(`${expr}: ${body.error}`);
  return body.data.result;
}

async function waitFor(what, test, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await test().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds(timeoutMs)} waiting for ${what}`);
    await sleep(500);
  }
}

// ---- load ---------------------------------------------------------------------------------------------------

let running = true;
const answers = { ok: 0, other: 0 };
function loop(pauseMs, build) {
  return (async () => {
    while (running) {
      const answer = await send(await build());
      if (answer.status >= 200 && answer.status < 300) answers.ok++;
      else answers.other++;
      await sleep(pauseMs);
    }
  })();
}

async function startLoad() {
  const publicClient = JSON.parse(process.env.OBS_PUBLIC_CLIENT);
  const internalClient = JSON.parse(process.env.OBS_INTERNAL_CLIENT);
  const burstClient = JSON.parse(process.env.OBS_BURST_CLIENT);
  const publicToken = await mintToken(publicUrl, publicClient);
  const internalToken = await mintToken(publicUrl, internalClient);
  const burstToken = await mintToken(publicUrl, burstClient);
  const endpoint = await fetch(`${publicUrl}/v0/organizations/${org.organizationId}/webhook-endpoints`, {
    method: 'POST',
    headers: { ...bearer(publicToken), 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'http://webhook-receiver:8080/hooks', eventTypes: ['sales_order.created'] }),
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);
  let orders = 0;
  const inventory = (token) => ({
    url: `${internalUrl}/organizations/${org.organizationId}/warehouses/${org.level.warehouseId}/inventory/${org.level.barcode}`,
    init: { headers: bearer(token) },
  });
  const loops = [
    // Past the minting limit (60 a minute per client): mints, and 429s on the token endpoint.
    loop(500, () => tokenRequest(publicUrl, publicClient)),
    loop(250, () => ({ url: `${publicUrl}/v0/whoami`, init: { headers: bearer(publicToken) } })),
    loop(250, () => ({ url: `${publicUrl}/v0/organizations/${org.organizationId}/inventory`, init: { headers: bearer(publicToken) } })),
    // Each order a sales_order.created webhook to the receiver.
    loop(500, () => salesOrderRequest(publicUrl, publicToken, org, `observability-${runId}-${++orders}`)),
    loop(500, () => inventory(internalToken)),
    // Past the internal gateway's quota here (120 a minute per client): 429s.
    loop(150, () => inventory(burstToken)),
  ];
  say(
    'load: token mints past the minting limit, whoami, inventory and orders (webhooks to the receiver) on the public gateway; inventory reads on the internal one, one client past its quota',
  );
  return loops;
}

// ---- panels -------------------------------------------------------------------------------------------------

/** Every query of a dashboard's panels, with Grafana's variables as a dashboard showing all instances sets them. */
function panelQueries(file) {
  const dashboard = JSON.parse(readFileSync(`deploy/grafana/${file}`, 'utf8'));
  return dashboard.panels
    .filter((p) => p.type !== 'row')
    .map((p) => ({
      title: `${dashboard.title} / ${p.title}`,
      exprs: p.targets.map((t) => t.expr.replaceAll('$__rate_interval', rateInterval).replaceAll('$instance', '.*')),
    }));
}

/** A query has data when it returns a sample that is a number (a quantile of no observations is NaN). */
const hasData = (result) => result.some((series) => Number.isFinite(Number(series.value[1])));

async function panelsPhase(files) {
  const panels = files.flatMap(panelQueries);
  const deadline = Date.now() + 90_000;
  const all = panels.flatMap((p) => p.exprs.map((expr) => ({ panel: p, expr, done: false })));
  while (Date.now() < deadline && all.some((q) => !q.done)) {
    for (const q of all.filter((x) => !x.done)) {
      const result = await query(q.expr);
      if (hasData(result)) {
        q.done = true;
        q.series = result.length;
        q.at = Date.now();
      }
    }
    if (all.some((q) => !q.done)) await sleep(2000);
  }
  for (const panel of panels) {
    const own = all.filter((q) => q.panel === panel);
    check(
      own.every((q) => q.done),
      `panel "${panel.title}": ${own.map((q) => (q.done ? `${q.series} series` : `no data: ${q.expr}`)).join(', ')}`,
    );
  }
}

// ---- alerts -------------------------------------------------------------------------------------------------

async function alertsInAlertmanager() {
  const res = await fetch(`${alertmanagerUrl}/api/v2/alerts`);
  return res.json();
}

const labelsOf = (alert) =>
  `${alert.labels.alertname}{${Object.entries(alert.labels)
    .filter(([k]) => k !== 'alertname')
    .map(([k, v]) => `${k}=${v}`)
    .join(',')}}`;

async function outagePhase() {
  // Each alert's condition holds from its own moment: readiness fails at the stop's first moment (the drain
  // begins), while a target is down (up 0, what the availability indicator counts) only once its process has
  // exited, at the stop's end.
  const watched = [
    { alertname: 'GatewayDown', count: 1, from: 'stop' },
    { alertname: 'GatewayInstanceNotReady', count: 2, from: 'stop' },
    { alertname: 'GatewayAvailabilityBudgetBurnFast', count: 1, from: 'exit' },
  ];
  // Nothing pending either (Prometheus' own list): each alert's time below is the outage's, not an earlier start.
  const pending = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()).data.alerts.filter((a) => a.labels.job === 'internal-gateway');
  check(
    pending.length === 0,
    `before the stop, no alert on the internal gateway pending or firing in Prometheus (${pending.map((a) => `${labelsOf(a)} ${a.state}`).join(', ') || 'none'})`,
  );
  const before = (await alertsInAlertmanager()).filter((a) => a.labels.job === 'internal-gateway');
  check(before.length === 0, `before the stop, no alert on the internal gateway in Alertmanager (${before.map(labelsOf).join(', ') || 'none'})`);

  const stoppedAt = Date.now();
  await dockerCompose('stop', 'internal-gateway');
  const exitedAt = Date.now();
  say(`internal gateway's replicas stopped (docker-compose stop: ${seconds(exitedAt - stoppedAt)}: drained, then exited)`);
  const firstSeen = new Map();
  const longest = Math.max(...watched.map((w) => forMs(w.alertname))) + scrapeMs + 2 * evaluationMs;
  const deadline = exitedAt + longest + 30_000;
  while (Date.now() < deadline && watched.some((w) => (firstSeen.get(w.alertname)?.length ?? 0) < w.count)) {
    for (const alert of await alertsInAlertmanager()) {
      if (alert.labels.job !== 'internal-gateway') continue;
      const seen = firstSeen.get(alert.labels.alertname) ?? [];
      if (!seen.some((s) => s.key === labelsOf(alert))) seen.push({ key: labelsOf(alert), at: Date.now(), state: alert.status.state });
      firstSeen.set(alert.labels.alertname, seen);
    }
    await sleep(1000);
  }
  for (const { alertname, count, from } of watched) {
    const bound = forMs(alertname) + scrapeMs + 2 * evaluationMs;
    const origin = from === 'stop' ? stoppedAt : exitedAt;
    const since = from === 'stop' ? 'the stop began' : 'the replicas exited';
    const seen = firstSeen.get(alertname) ?? [];
    for (const s of seen)
      say(
        `${s.key} in Alertmanager ${seconds(s.at - origin)} after ${since}${from === 'exit' ? ` (${seconds(s.at - stoppedAt)} after the stop began)` : ''} (${s.state}; bound: for ${seconds(forMs(alertname))} + scrape ${seconds(scrapeMs)} + 2 x evaluation ${seconds(evaluationMs)} = ${seconds(bound)})`,
      );
    // Not before its `for` from the stop's first moment either: no condition can hold sooner.
    check(
      seen.length === count && seen.every((s) => s.at - origin <= bound && s.at - stoppedAt >= forMs(alertname)),
      `${alertname}: ${seen.length} of ${count} in Alertmanager after its for (${seconds(forMs(alertname))}) and within ${seconds(bound)} after ${since}`,
    );
  }

  const startedAt = Date.now();
  await dockerCompose('start', 'internal-gateway');
  say(`internal gateway's replicas started again (docker-compose start: ${seconds(Date.now() - startedAt)})`);
  const resolving = ['GatewayDown', 'GatewayInstanceNotReady'];
  const resolveBound = 60_000;
  let resolvedAt;
  try {
    await waitFor(
      'GatewayDown and GatewayInstanceNotReady resolved in Alertmanager',
      async () => !(await alertsInAlertmanager()).some((a) => a.labels.job === 'internal-gateway' && resolving.includes(a.labels.alertname)),
      resolveBound,
    );
    resolvedAt = Date.now();
  } catch {
    resolvedAt = undefined;
  }
  check(
    resolvedAt !== undefined,
    `GatewayDown and GatewayInstanceNotReady resolved ${resolvedAt ? seconds(resolvedAt - startedAt) : `not within ${seconds(resolveBound)}`} after the start began`,
  );
  // The availability burn resolves once its short window (5m) no longer holds a sample of the outage: timed
  // from the moment Prometheus scrapes both replicas again.
  await waitFor(
    'both internal gateway replicas scraped again',
    async () => Number((await query('sum(up{job="internal-gateway"})'))[0]?.value[1]) === 2,
    60_000,
  );
  const backAt = Date.now();
  say(`internal gateway's replicas scraped again ${seconds(backAt - startedAt)} after the start began`);
  const burn = 'GatewayAvailabilityBudgetBurnFast';
  const windowMs = Math.min(...[...rules.find((r) => r.alert === burn).expr.matchAll(/ratio_rate(\d+[smh])/g)].map(([, w]) => durationMs(w)));
  const burnBound = windowMs + scrapeMs + 2 * evaluationMs + 30_000;
  let burnResolvedAt;
  await waitFor(
    `${burn} resolved in Alertmanager`,
    async () => !(await alertsInAlertmanager()).some((a) => a.labels.job === 'internal-gateway' && a.labels.alertname === burn),
    burnBound,
  )
    .then(() => (burnResolvedAt = Date.now()))
    .catch(() => undefined);
  check(
    burnResolvedAt !== undefined,
    `${burn} resolved ${burnResolvedAt ? seconds(burnResolvedAt - backAt) : `not within ${seconds(burnBound)}`} after the replicas were scraped again (bound: window ${seconds(windowMs)} + scrape ${seconds(scrapeMs)} + 2 x evaluation ${seconds(evaluationMs)} + 30 s)`,
  );
}

/**
 * The receiver stops answering (docker-compose pause: connections are accepted, nothing is answered), so each
 * attempt holds its endpoint's share of the workers until its timeout, and due attempts wait. The backlog alert
 * must reach Alertmanager within its `for` plus a scrape and two evaluation intervals of the first scrape that
 * shows the oldest due attempt over the rule's threshold (and no sooner than its `for`), then resolve once the
 * receiver answers again.
 */
async function webhookBacklogPhase() {
  const alertname = 'WebhookBacklogGrowing';
  const rule = rules.find((r) => r.alert === alertname);
  const threshold = Number(rule.expr.match(/>\s*(\d+)\s*$/)[1]);
  const series = 'gateway_webhook_oldest_due_attempt_age_seconds{job="public-gateway"}';
  const pending = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()).data.alerts.filter((a) => a.labels.alertname === alertname);
  check(
    pending.length === 0,
    `before the receiver stops answering, ${alertname} neither pending nor firing in Prometheus (${pending.map((a) => a.state).join(', ') || 'none'})`,
  );
  const pausedAt = Date.now();
  await dockerCompose('pause', 'webhook-receiver');
  say(`webhook receiver paused: it accepts connections and answers nothing (docker-compose pause: ${seconds(Date.now() - pausedAt)})`);

  // The first scraped sample over the threshold: the alert's condition holds from that scrape.
  let over;
  await waitFor(
    `the oldest due webhook attempt over ${threshold} s`,
    async () => {
      for (const { values } of await query(`${series}[1m]`))
        for (const [at, value] of values) if (Number(value) > threshold && (!over || at * 1000 < over.at)) over = { at: at * 1000, value: Number(value) };
      return over !== undefined;
    },
    240_000,
  ).catch(() => undefined);
  check(
    over !== undefined,
    `the oldest due webhook attempt waited over ${threshold} s ${over ? `in the scrape ${seconds(over.at - pausedAt)} after the pause (${over.value.toFixed(1)} s)` : 'not within 240 s of the pause'}`,
  );
  if (!over) return dockerCompose('unpause', 'webhook-receiver');

  const bound = forMs(alertname) + scrapeMs + 2 * evaluationMs;
  let firedAt;
  await waitFor(
    `${alertname} in Alertmanager`,
    async () => (await alertsInAlertmanager()).some((a) => a.labels.alertname === alertname && a.labels.job === 'public-gateway'),
    over.at + bound + 30_000 - Date.now(),
  )
    .then(() => (firedAt = Date.now()))
    .catch(() => undefined);
  const firing = (await alertsInAlertmanager()).find((a) => a.labels.alertname === alertname);
  say(
    `${firing ? labelsOf(firing) : alertname} in Alertmanager ${firedAt ? `${seconds(firedAt - pausedAt)} after the pause, ${seconds(firedAt - over.at)} after the scrape over ${threshold} s` : 'never'} (bound: for ${seconds(forMs(alertname))} + scrape ${seconds(scrapeMs)} + 2 x evaluation ${seconds(evaluationMs)} = ${seconds(bound)}): "${firing?.annotations.summary ?? ''}"`,
  );
  check(
    firedAt !== undefined && firedAt - over.at <= bound && firedAt - over.at >= forMs(alertname),
    `${alertname} in Alertmanager after its for (${seconds(forMs(alertname))}) and within ${seconds(bound)} of the scrape over ${threshold} s`,
  );

  const unpausedAt = Date.now();
  await dockerCompose('unpause', 'webhook-receiver');
  say(`webhook receiver answering again (docker-compose unpause: ${seconds(Date.now() - unpausedAt)})`);
  const resolveBound = 60_000;
  let resolvedAt;
  await waitFor(
    `${alertname} resolved in Alertmanager`,
    async () => !(await alertsInAlertmanager()).some((a) => a.labels.alertname === alertname),
    resolveBound,
  )
    .then(() => (resolvedAt = Date.now()))
    .catch(() => undefined);
  check(
    resolvedAt !== undefined,
    `${alertname} resolved ${resolvedAt ? seconds(resolvedAt - unpausedAt) : `not within ${seconds(resolveBound)}`} after the receiver answered again`,
  );
  const others = (await alertsInAlertmanager()).filter((a) => a.labels.job === 'public-gateway');
  say(`alerts on the public gateway in Alertmanager now: ${others.map((a) => `${labelsOf(a)} ${a.status.state}`).join(', ') || 'none'}`);
}

async function gatewaysTest() {
  await waitFor(
    'Prometheus scraping the 4 replicas',
    async () => Number((await query('sum(up{job=~"public-gateway|internal-gateway"})'))[0]?.value[1]) === 4,
    120_000,
  );
  await waitFor('Alertmanager ready', async () => (await fetch(`${alertmanagerUrl}/-/ready`)).ok, 60_000);
  say(`Prometheus scrapes the 4 replicas (scrape ${seconds(scrapeMs)}, evaluation ${seconds(evaluationMs)}); Alertmanager ready`);
  const loops = await startLoad();
  const panelsFrom = Date.now();
  await sleep(30_000);
  await panelsPhase(['public-gateway.json', 'internal-gateway.json']);
  say(`panels checked ${seconds(Date.now() - panelsFrom)} after the load began`);
  await Promise.all([outagePhase(), webhookBacklogPhase()]);
  running = false;
  await Promise.all(loops);
  say(`load: ${answers.ok} answers 2xx, ${answers.other} others (429s by design, and the outage's 503s)`);
}

/** The database tier's dashboard: its exporters scraped, then every panel's query returns data. */
async function databaseTierTest() {
  const from = Date.now();
  await waitFor(
    'Prometheus scraping both Postgres exporters and the PgBouncer exporter',
    async () => Number((await query('sum(up{job="postgres"})'))[0]?.value[1]) === 2 && Number((await query('sum(up{job="pgbouncer"})'))[0]?.value[1]) === 1,
    180_000,
  );
  say(`database tier: Prometheus scrapes the exporters of pg1, pg2 and PgBouncer (${seconds(Date.now() - from)} after the stack was up)`);
  // Rates need samples over Grafana's rate interval.
  await sleep(4 * scrapeMs);
  await panelsPhase(['database-tier.json']);
  const nodes = await query('pg_replication_is_replica');
  say(`database tier: ${nodes.map((n) => `${n.metric.instance} ${n.value[1] === '1' ? 'replica' : 'primary'}`).join(', ')}`);
}

async function main() {
  if (process.argv[2] === 'database-tier') await databaseTierTest();
  else await gatewaysTest();
  if (failures.length) {
    say(`FAILED: ${failures.length} checks`);
    process.exit(1);
  }
  say('passed');
}

main().catch((error) => {
  say(`FAILED: ${error.message}`);
  process.exit(1);
});
