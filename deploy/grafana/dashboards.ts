// The Grafana dashboards, as code (Grafana's foundation SDK): one per gateway and one for the database tier.
// `npm run observability:generate` writes them to deploy/grafana/*.json (what Grafana imports); deploy/test checks that the
// committed files are what this code makes. Every query reads the series the gateways serve on /metrics
// (docs/operations.md) or the recording rules of deploy/prometheus/gateway.rules.yml; Grafana substitutes
// $instance (a multi-value variable, "All" = .*) and $__rate_interval.
import { DashboardBuilder, DatasourceVariableBuilder, QueryVariableBuilder, RowBuilder, VariableRefresh } from '@grafana/grafana-foundation-sdk/dashboard';
import { DataqueryBuilder } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder } from '@grafana/grafana-foundation-sdk/timeseries';

const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };

interface Panel {
  title: string;
  description: string;
  unit: string;
  /** PromQL, legend. */
  queries: [string, string][];
}

interface Section {
  row: string;
  panels: Panel[];
}

function panel(p: Panel): PanelBuilder {
  const builder = new PanelBuilder().title(p.title).description(p.description).unit(p.unit).datasource(DATASOURCE).height(8).span(12);
  p.queries.forEach(([expr, legend], i) =>
    builder.withTarget(
      new DataqueryBuilder()
        .expr(expr)
        .legendFormat(legend)
        .refId(String.fromCharCode(65 + i))
        .datasource(DATASOURCE),
    ),
  );
  return builder;
}

function dashboard(uid: string, title: string, instanceQuery: string, sections: Section[]): DashboardBuilder {
  const builder = new DashboardBuilder(title)
    .uid(uid)
    .tags(['gateway'])
    .refresh('30s')
    .time({ from: 'now-6h', to: 'now' })
    .timezone('browser')
    .withVariable(new DatasourceVariableBuilder('datasource').label('Prometheus').type('prometheus'))
    .withVariable(
      new QueryVariableBuilder('instance')
        .label('Instance')
        .datasource(DATASOURCE)
        .query(instanceQuery)
        .definition(instanceQuery)
        .refresh(VariableRefresh.OnTimeRangeChanged)
        .multi(true)
        .includeAll(true)
        .allValue('.*'),
    );
  for (const section of sections) {
    builder.withRow(new RowBuilder(section.row));
    for (const p of section.panels) builder.withPanel(panel(p));
  }
  return builder;
}

const REQ = 'gateway_http_request_duration_seconds';
const ORDER = 'method="POST",route="/v0/organizations/:organizationId/stores/:storeId/sales-orders"';

/** The sections every gateway's dashboard has. */
function gatewaySections(job: string): Section[] {
  const sel = `job="${job}",instance=~"$instance"`;
  return [
    {
      row: 'Traffic and errors',
      panels: [
        {
          title: 'Requests by route',
          description: 'Answers per second, per route template (probes aside).',
          unit: 'reqps',
          queries: [[`sum by (route) (rate(${REQ}_count{${sel},route!~"/health/.*"}[$__rate_interval]))`, '{{route}}']],
        },
        {
          title: 'Answers by status class',
          description: 'Answers per second by status class: 2xx, 4xx (client errors, 429 quota refusals among them), 5xx (the availability objective).',
          unit: 'reqps',
          queries: [
            [`sum by (class) (label_replace(rate(${REQ}_count{${sel}}[$__rate_interval]), "class", "\${1}xx", "status_code", "(\\\\d).."))`, '{{class}}'],
          ],
        },
        {
          title: 'Availability: error budget burn',
          description: 'Share of answers that were 5xx or went unanswered (targets down), over 5 min and 1 h; the objective allows 0.1 % (docs/operations.md).',
          unit: 'percentunit',
          queries: [
            [`gateway:availability_errors:ratio_rate5m{job="${job}"}`, '5 min'],
            [`gateway:availability_errors:ratio_rate1h{job="${job}"}`, '1 h'],
          ],
        },
        {
          title: 'Replicas up and ready',
          description: 'Per instance: 1 when scraped and its readiness probe would answer 200; the readiness checks (database, key set).',
          unit: 'short',
          queries: [
            [`gateway:instance_ready{${sel}}`, '{{instance}} ready'],
            [`gateway_readiness_check_up{${sel}}`, '{{instance}} {{check}}'],
          ],
        },
      ],
    },
    {
      row: 'Latency',
      panels: [
        {
          title: 'Read latency (GET)',
          description: 'Quantiles of the time to answer a read; the objective is p99 under 250 ms.',
          unit: 's',
          queries: [0.5, 0.9, 0.99].map((q) => [
            `histogram_quantile(${q}, sum by (le) (rate(${REQ}_bucket{${sel},method="GET",route!~"/health/.*"}[$__rate_interval])))`,
            `p${q * 100}`,
          ]),
        },
        {
          title: 'Latency by route (p99)',
          description: 'p99 of each route template.',
          unit: 's',
          queries: [
            [
              `histogram_quantile(0.99, sum by (le, method, route) (rate(${REQ}_bucket{${sel},route!~"/health/.*"}[$__rate_interval])))`,
              '{{method}} {{route}}',
            ],
          ],
        },
      ],
    },
    {
      row: 'Quotas and database',
      panels: [
        {
          title: 'Quota rejections',
          description: 'Answers 429 per second by route: the request quota (API_RATE_LIMIT_PER_MINUTE) and, on the public gateway, the token endpoint limits.',
          unit: 'reqps',
          queries: [[`sum by (route) (rate(${REQ}_count{${sel},status_code="429"}[$__rate_interval]))`, '{{route}}']],
        },
        {
          title: 'Database pool',
          description: 'Connections open and idle, and queries waiting for one, per pool (waiting for 5 min pages GatewayDatabasePoolExhausted).',
          unit: 'short',
          queries: [
            [`sum by (pool) (gateway_db_pool_connections{${sel}})`, '{{pool}} open'],
            [`sum by (pool) (gateway_db_pool_idle_connections{${sel}})`, '{{pool}} idle'],
            [`sum by (pool) (gateway_db_pool_waiting_queries{${sel}})`, '{{pool}} waiting'],
          ],
        },
      ],
    },
  ];
}

/** The public gateway's own: order creation, the token endpoint, webhooks. */
function publicSections(job: string): Section[] {
  const sel = `job="${job}",instance=~"$instance"`;
  return [
    {
      row: 'Orders and tokens',
      panels: [
        {
          title: 'Order creation latency',
          description: 'Quantiles of the time to create a sales order; the objective is p99 under 500 ms.',
          unit: 's',
          queries: [0.5, 0.99].map((q) => [`histogram_quantile(${q}, sum by (le) (rate(${REQ}_bucket{${sel},${ORDER}}[$__rate_interval])))`, `p${q * 100}`]),
        },
        {
          title: 'Token mints and failures',
          description:
            'Tokens minted per second by audience, refusals by limit (minting, failed authentications), and token endpoint answers by status class (5xx pages TokenEndpointFailing).',
          unit: 'reqps',
          queries: [
            [`sum by (audience) (rate(gateway_tokens_minted_total{${sel}}[$__rate_interval]))`, 'minted {{audience}}'],
            [`sum by (limit) (rate(gateway_rate_limit_refusals_total{${sel}}[$__rate_interval]))`, 'refused: {{limit}}'],
            [
              `sum by (class) (label_replace(rate(${REQ}_count{${sel},route="/oauth2/token"}[$__rate_interval]), "class", "\${1}xx", "status_code", "(\\\\d).."))`,
              'answered {{class}}',
            ],
          ],
        },
        {
          title: 'Signing key age',
          description: 'Age of the active token signing key; rotate (keys:rotate) before 90 days.',
          unit: 's',
          queries: [[`max(gateway_signing_key_age_seconds{${sel}})`, 'active key']],
        },
      ],
    },
    {
      row: 'Webhooks',
      panels: [
        {
          title: 'Webhook backlog',
          description: 'Attempts waiting (all replicas: the largest report) and in flight per instance.',
          unit: 'short',
          queries: [
            [`max(gateway_webhook_queue_depth{${sel}})`, 'waiting'],
            [`gateway_webhook_deliveries_in_flight{${sel}}`, '{{instance}} in flight'],
          ],
        },
        {
          title: 'Webhook lag',
          description:
            'p99 from an event to its first attempt (the freshness objective: within 60 s) and to its delivery, and how long the oldest due attempt has waited (WebhookBacklogGrowing: over 60 s for 2 minutes).',
          unit: 's',
          queries: [
            [`max(gateway_webhook_oldest_due_attempt_age_seconds{${sel}})`, 'oldest due attempt waited'],
            [`histogram_quantile(0.99, sum by (le) (rate(gateway_webhook_first_attempt_lag_seconds_bucket{${sel}}[$__rate_interval])))`, 'first attempt p99'],
            [`histogram_quantile(0.99, sum by (le) (rate(gateway_webhook_delivery_lag_seconds_bucket{${sel}}[$__rate_interval])))`, 'delivered p99'],
          ],
        },
        {
          title: 'Webhook attempts by outcome',
          description: 'Attempts per second: succeeded, failed (an answer other than 2xx), no_answer.',
          unit: 'reqps',
          queries: [[`sum by (outcome) (rate(gateway_webhook_attempts_total{${sel}}[$__rate_interval]))`, '{{outcome}}']],
        },
        {
          title: 'Endpoints auto-disabled',
          description: 'Endpoints disabled as FAILING over the last 15 min (WebhookEndpointsAutoDisabled).',
          unit: 'short',
          queries: [[`sum(increase(gateway_webhook_endpoints_auto_disabled_total{${sel}}[15m]))`, 'disabled']],
        },
      ],
    },
  ];
}

function databaseSections(): Section[] {
  return [
    {
      row: 'Postgres',
      panels: [
        {
          title: 'Nodes up',
          description: 'Whether the exporter reaches each Postgres node (pg_up), and which are replicas.',
          unit: 'short',
          queries: [
            ['pg_up{instance=~"$instance"}', '{{instance}} up'],
            ['pg_replication_is_replica{instance=~"$instance"}', '{{instance}} replica'],
          ],
        },
        {
          title: 'Replica lag',
          description: 'Seconds each replica replays behind the primary (DatabaseReplicaLagHigh past 30 s).',
          unit: 's',
          queries: [['pg_replication_lag{instance=~"$instance"}', '{{instance}}']],
        },
        {
          title: 'Connections',
          description: 'Backends connected to the gateway database, per node.',
          unit: 'short',
          queries: [['sum by (instance) (pg_stat_database_numbackends{instance=~"$instance",datname="gateway"})', '{{instance}}']],
        },
        {
          title: 'Transactions',
          description: 'Commits and rollbacks per second in the gateway database, per node.',
          unit: 'ops',
          queries: [
            ['sum by (instance) (rate(pg_stat_database_xact_commit{instance=~"$instance",datname="gateway"}[$__rate_interval]))', '{{instance}} commits'],
            ['sum by (instance) (rate(pg_stat_database_xact_rollback{instance=~"$instance",datname="gateway"}[$__rate_interval]))', '{{instance}} rollbacks'],
          ],
        },
      ],
    },
    {
      row: 'PgBouncer',
      panels: [
        {
          title: 'PgBouncer clients',
          description: 'Client connections active and waiting for a server connection (waiting for long: the pool is too small).',
          unit: 'short',
          queries: [
            ['sum by (database) (pgbouncer_active_clients{database="gateway"})', '{{database}} active'],
            ['sum by (database) (pgbouncer_waiting_clients{database="gateway"})', '{{database}} waiting'],
          ],
        },
      ],
    },
  ];
}

/** Each dashboard by the file it is written to. */
export function dashboards(): Record<string, unknown> {
  return {
    'public-gateway.json': dashboard('gateway-public', 'Public gateway', 'label_values(up{job="public-gateway"}, instance)', [
      ...gatewaySections('public-gateway'),
      ...publicSections('public-gateway'),
    ]).build(),
    'internal-gateway.json': dashboard(
      'gateway-internal',
      'Internal gateway',
      'label_values(up{job="internal-gateway"}, instance)',
      gatewaySections('internal-gateway'),
    ).build(),
    'database-tier.json': dashboard('gateway-database-tier', 'Gateway database tier', 'label_values(pg_up, instance)', databaseSections()).build(),
  };
}
