// The rule files' groups as one PrometheusRule object (monitoring.coreos.com/v1), for the Prometheus Operator.
// Used by tools/observability-generate.mjs to write deploy/kubernetes/base/prometheus-rules.yaml and by
// deploy/test to check it.
export interface RuleFile {
  groups: unknown[];
}

export function prometheusRule(ruleFiles: RuleFile[]): Record<string, unknown> {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'gateway', labels: { 'app.kubernetes.io/part-of': 'gateway', 'app.kubernetes.io/component': 'alerting' } },
    spec: { groups: ruleFiles.flatMap((file) => file.groups) },
  };
}
