// deploy/prometheus and deploy/grafana, offline: the rules pass promtool check rules and their unit tests
// (promtool test rules), the Alertmanager configuration amtool check-config; every alert has a severity, a
// summary and a runbook_url to a section of docs/runbooks.md, and unit tests that fire it and keep it silent;
// the committed dashboards and PrometheusRule are what the code makes. promtool and amtool come with Debian's
// prometheus and prometheus-alertmanager: where they are missing these cases are skipped with a line saying so,
// except in CI (CI=true), where a missing tool fails.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { dashboards } from '../grafana/dashboards';
import { prometheusRule } from '../prometheus/prometheus-rule';

const root = join(__dirname, '..', '..');
const rulesDir = join(root, 'deploy/prometheus');
const ruleFiles = ['gateway.rules.yml'];
const testFiles = readdirSync(join(rulesDir, 'tests')).filter((f) => f.endsWith('.test.yml'));

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
const groups = ruleFiles.flatMap((f) => (parse(readFileSync(join(rulesDir, f), 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups);
const alerts = groups.flatMap((g) => g.rules).filter((r) => r.alert !== undefined);

function tool(name: string): string | undefined {
  return spawnSync(name, ['--version'], { encoding: 'utf8' }).status === 0 ? name : undefined;
}
const promtool = tool('promtool');
const amtool = tool('amtool');
const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { cwd: rulesDir, encoding: 'utf8' });

describe('Prometheus rules and Alertmanager configuration', () => {
  if (!promtool || !amtool) {
    const missing = [promtool ? undefined : 'promtool', amtool ? undefined : 'amtool'].filter(Boolean).join(' and ');
    if (process.env.CI === 'true') {
      it('has promtool and amtool in CI', () => {
        throw new Error(`${missing} missing: CI installs Debian's prometheus and prometheus-alertmanager (.ci/run)`);
      });
    } else {
      process.stdout.write(`SKIPPED: ${missing} not installed (apt-get install prometheus prometheus-alertmanager): rule checks and unit tests not run\n`);
      it.skip(`promtool check rules, promtool test rules, amtool check-config (${missing} not installed)`, () => undefined);
    }
    return;
  }

  it('passes promtool check rules', () => {
    const result = run('promtool', ['check', 'rules', ...ruleFiles]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(testFiles)('passes the unit tests of tests/%s (promtool test rules)', (file) => {
    const result = run('promtool', ['test', 'rules', join('tests', file)]);
    expect(`${result.stdout}${result.stderr}`).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it('has an Alertmanager configuration that passes amtool check-config', () => {
    const result = run('amtool', ['check-config', 'alertmanager.yml']);
    expect(result.stdout).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });
});

describe('alerts', () => {
  const runbooks = readFileSync(join(root, 'docs/runbooks.md'), 'utf8');
  // GitHub's anchors: the heading lowercased, spaces to hyphens, punctuation dropped.
  const anchors = new Set(
    runbooks
      .split('\n')
      .filter((l) => l.startsWith('## '))
      .map((l) =>
        l
          .slice(3)
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replace(/ /g, '-'),
      ),
  );
  const tests = testFiles.flatMap((f) =>
    (
      parse(readFileSync(join(rulesDir, 'tests', f), 'utf8')) as { tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[] }
    ).tests.flatMap((t) => t.alert_rule_test ?? []),
  );

  it.each(alerts.map((a) => [a.alert!, a]))('%s has a severity, a summary and a runbook_url to its section of docs/runbooks.md', (name, alert) => {
    expect(['critical', 'warning']).toContain(alert.labels?.severity);
    expect(alert.annotations?.summary).toEqual(expect.any(String));
    expect(alert.annotations?.runbook_url).toBe(`docs/runbooks.md#${name.toLowerCase()}`);
    expect(anchors).toContain(name.toLowerCase());
  });

  it.each(alerts.map((a) => [a.alert!]))('%s has a unit test that fires it and one that keeps it silent', (name) => {
    const own = tests.filter((t) => t.alertname === name);
    expect(own.some((t) => t.exp_alerts.length > 0)).toBe(true);
    expect(own.some((t) => t.exp_alerts.length === 0)).toBe(true);
  });

  it('are routed by the Alertmanager configuration by severity, and a gateway down inhibits its causes', () => {
    const config = parse(readFileSync(join(rulesDir, 'alertmanager.yml'), 'utf8'));
    expect(config.route.routes.map((r: { matchers: string[]; receiver: string }) => [r.matchers, r.receiver])).toEqual([
      [['severity="critical"'], 'pager'],
      [['severity="warning"'], 'tickets'],
    ]);
    const inhibit = config.inhibit_rules[0];
    expect(inhibit.source_matchers).toEqual(['alertname="GatewayDown"']);
    expect(inhibit.equal).toEqual(['job']);
    const targets = new RegExp(`^(?:${inhibit.target_matchers[0].match(/^alertname=~"(.*)"$/)[1]})$`);
    expect(alerts.map((a) => a.alert!).filter((a) => targets.test(a))).toEqual([
      'GatewayInstanceNotReady',
      'GatewayDatabaseUnreachable',
      'GatewayDatabasePoolExhausted',
      'WebhookBacklogGrowing',
      'TokenEndpointFailing',
    ]);
  });
});

describe('generated files (npm run observability:generate)', () => {
  it.each(Object.entries(dashboards()))('deploy/grafana/%s is what deploy/grafana/dashboards.ts makes', (file, dashboard) => {
    expect(JSON.parse(readFileSync(join(root, 'deploy/grafana', file), 'utf8'))).toEqual(JSON.parse(JSON.stringify(dashboard)));
  });

  it('has no dashboard panel without a query, and no query on a series the gateways or rules do not make', () => {
    const known = /^(gateway_[a-z_]+|gateway:[a-z_0-9:]+|pg_[a-z_]+|pgbouncer_[a-z_]+|up)$/;
    for (const dashboard of Object.values(dashboards()) as { panels: { type: string; targets?: { expr: string }[] }[] }[]) {
      for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
        expect(panel.targets?.length).toBeGreaterThan(0);
        for (const { expr } of panel.targets!) {
          const series = [...expr.matchAll(/([a-z_:][a-z0-9_:]*)\{/g)].map((m) => m[1]);
          expect(series.length).toBeGreaterThan(0);
          for (const s of series) expect(s).toMatch(known);
        }
      }
    }
  });

  it('deploy/kubernetes/base/prometheus-rules.yaml holds the rule files as a PrometheusRule', () => {
    const committed = parse(readFileSync(join(root, 'deploy/kubernetes/base/prometheus-rules.yaml'), 'utf8'));
    expect(committed).toEqual(prometheusRule(ruleFiles.map((f) => parse(readFileSync(join(rulesDir, f), 'utf8')))));
    expect(committed.spec.groups.map((g: { name: string }) => g.name)).toEqual(['gateway-objectives', 'gateway-causes']);
  });
});
