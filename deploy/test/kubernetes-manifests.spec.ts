// deploy/kubernetes: every object valid against the Kubernetes schemas (kubernetes-models, offline), and the
// promises of the deployment (PRODUCT.md 6.4) held by the objects themselves.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { K8sObject, kustomize } from './kustomize';

const root = join(__dirname, '../kubernetes');
const base = kustomize(join(root, 'base'));
const local = kustomize(join(root, 'overlays/local'), { 'secrets.env': 'secrets.env.example', 'migration-secrets.env': 'migration-secrets.env.example' });
const gateways = [
  { name: 'public-gateway', port: 3000, secrets: ['DATABASE_URL', 'KEY_ENCRYPTION_KEY'] },
  { name: 'internal-gateway', port: 3001, secrets: ['DATABASE_URL'] },
];

function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

/** Each object's schema problems, or null. */
function schemaProblems(objects: K8sObject[]): (string | null)[] {
  const output = execFileSync(process.execPath, [join(__dirname, 'validate-objects.mjs')], { input: JSON.stringify(objects), encoding: 'utf8' });
  return JSON.parse(output);
}

describe.each([
  ['base', base],
  ['overlays/local', local],
])('%s', (_, objects) => {
  it('has every object valid against the Kubernetes schemas', () => {
    const problems = schemaProblems(objects);
    expect(objects.map((o, i) => [`${o.kind} ${o.metadata.name}`, problems[i]])).toEqual(objects.map((o) => [`${o.kind} ${o.metadata.name}`, null]));
  });

  it('names each object once per kind', () => {
    const keys = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the schema check', () => {
  it('refuses an object that breaks the schema', () => {
    const broken = structuredClone(find(base, 'Deployment', 'public-gateway'));
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    const unknown = { apiVersion: 'v1', kind: 'Deploymnet', metadata: { name: 'typo' } };
    expect(schemaProblems([broken, unknown])).toEqual([expect.stringContaining('containerPort must be integer'), 'v1 Deploymnet is not a Kubernetes kind']);
  });
});

describe.each(gateways)('$name', ({ name, port, secrets }) => {
  const deployment = find(base, 'Deployment', name);
  const pod = deployment.spec.template;
  const container = pod.spec.containers[0];
  const config = find(base, 'ConfigMap', 'gateway-config').data;
  const env = (key: string) => container.env.find((e: { name: string }) => e.name === key);

  it('is probed on /health/live and /health/ready on its API port', () => {
    expect(container.ports).toContainEqual({ name: 'http', containerPort: port });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
  });

  it('has resource requests and a memory limit', () => {
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
  });

  it('runs as a non-root user on a read-only root filesystem, with no privileges', () => {
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
  });

  it('pauses before SIGTERM and is given longer than the pause plus the shutdown delay and the drain', () => {
    const [command, seconds] = container.lifecycle.preStop.exec.command;
    expect(command).toBe('sleep');
    expect(Number(seconds)).toBeGreaterThan(0);
    expect(Number(config.SHUTDOWN_DELAY_MS)).toBeGreaterThan(0);
    const drainSeconds = (Number(config.SHUTDOWN_DELAY_MS) + Number(config.SHUTDOWN_GRACE_MS)) / 1000;
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(seconds) + drainSeconds);
  });

  it('takes DATABASE_URL (and the key encryption key) from a Secret by reference, never inline', () => {
    for (const key of secrets) expect(env(key)).toEqual({ name: key, valueFrom: { secretKeyRef: { name: 'gateway-secrets', key } } });
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'gateway-config' } }]);
    expect(Object.keys(config)).not.toEqual(expect.arrayContaining(['DATABASE_URL']));
    expect(Object.keys(config)).not.toEqual(expect.arrayContaining(['KEY_ENCRYPTION_KEY']));
    expect(base.filter((o) => o.kind === 'Secret')).toEqual([]);
  });

  it("annotates its metrics port for scraping, and serves metrics there on the pod's address only", () => {
    expect(pod.metadata.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': config.METRICS_PORT, 'prometheus.io/path': '/metrics' });
    expect(container.ports).toContainEqual({ name: 'metrics', containerPort: Number(config.METRICS_PORT) });
    // POD_IP before METRICS_HOST: Kubernetes expands $(POD_IP) only from variables defined earlier in the list.
    const names = container.env.map((e: { name: string }) => e.name);
    expect(names.indexOf('POD_IP')).toBeLessThan(names.indexOf('METRICS_HOST'));
    expect(env('POD_IP')).toEqual({ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } });
    expect(env('METRICS_HOST')).toEqual({ name: 'METRICS_HOST', value: '$(POD_IP)' });
    expect(config.METRICS_HOST).toBeUndefined();
  });

  it('has a ClusterIP Service, an autoscaler and a disruption budget aimed at its pods', () => {
    const labels = pod.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const service = find(base, 'Service', name);
    expect(service.spec).toEqual({ type: 'ClusterIP', selector: labels, ports: [{ name: 'http', port, targetPort: 'http' }] });
    const autoscaler = find(base, 'HorizontalPodAutoscaler', name);
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const budget = find(base, 'PodDisruptionBudget', name);
    expect(budget.spec.selector.matchLabels).toEqual(labels);
    expect(budget.spec.maxUnavailable).toBe(1);
  });
});

describe('internal gateway', () => {
  it('is given no issuer URL to fetch keys from: it reads them from its database', () => {
    const container = find(base, 'Deployment', 'internal-gateway').spec.template.spec.containers[0];
    expect(container.env.map((e: { name: string }) => e.name)).not.toContain('ISSUER_DISCOVERY_URL');
    expect(Object.keys(find(base, 'ConfigMap', 'gateway-config').data)).not.toContain('ISSUER_DISCOVERY_URL');
  });
});

describe('public gateway behind its Ingress', () => {
  const deployment = find(base, 'Deployment', 'public-gateway');
  const container = deployment.spec.template.spec.containers[0];
  const env = (key: string) => container.env.find((e: { name: string }) => e.name === key)?.value;

  it("routes every path of the public host to the public gateway's Service, on its API port", () => {
    const ingress = find(base, 'Ingress', 'public-gateway');
    const service = find(base, 'Service', 'public-gateway');
    expect(ingress.spec.rules).toEqual([
      {
        host: new URL(find(base, 'ConfigMap', 'gateway-config').data.PUBLIC_BASE_URL).hostname,
        http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: service.metadata.name, port: { name: 'http' } } } }] },
      },
    ]);
    expect(service.spec.ports.map((p: { name: string }) => p.name)).toContain('http');
  });

  it('serves the public host over TLS, from a Secret named for it', () => {
    const ingress = find(base, 'Ingress', 'public-gateway');
    expect(ingress.spec.tls).toEqual([
      { hosts: [new URL(find(base, 'ConfigMap', 'gateway-config').data.PUBLIC_BASE_URL).hostname], secretName: 'public-gateway-tls' },
    ]);
  });

  it('trusts the one proxy the Ingress puts in front of the public gateway, and only the public gateway does', () => {
    expect(env('TRUST_PROXY')).toBe('1');
    expect(find(base, 'ConfigMap', 'gateway-config').data.TRUST_PROXY).toBeUndefined();
    const internal = find(base, 'Deployment', 'internal-gateway').spec.template.spec.containers[0];
    expect(internal.env.map((e: { name: string }) => e.name)).not.toContain('TRUST_PROXY');
    expect(find(local, 'Deployment', 'public-gateway').spec.template.spec.containers[0].env).toContainEqual({ name: 'TRUST_PROXY', value: '1' });
  });

  it('configures WEBHOOK_DENIED_NETWORKS with the cluster ranges of the example, as CIDRs', () => {
    const value = env('WEBHOOK_DENIED_NETWORKS') as string;
    expect(value.split(',').map((entry) => entry.trim())).toEqual(['34.118.224.0/20']);
  });
});

describe('migration Job', () => {
  it("runs the admin CLI migrate as the owner (its own Secret), with the gateways' URL for their role, as non-root", () => {
    const job = find(base, 'Job', 'gateway-migrate');
    const container = job.spec.template.spec.containers[0];
    expect(container.image).toBe('gateway-admin-cli:latest');
    expect(container.args).toEqual(['migrate']);
    expect(container.env).toEqual([
      { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'gateway-migration-secrets', key: 'DATABASE_URL' } } },
      { name: 'DATABASE_RUNTIME_URL', valueFrom: { secretKeyRef: { name: 'gateway-secrets', key: 'DATABASE_URL' } } },
    ]);
    expect(job.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
  });

  it('is the only component given the Secret of the role that owns the schema', () => {
    const references = base.flatMap((o) =>
      (o.spec?.template?.spec?.containers ?? []).flatMap((c: { env?: { valueFrom?: { secretKeyRef?: { name: string } } }[] }) =>
        (c.env ?? []).map((e) => [o.metadata.name, e.valueFrom?.secretKeyRef?.name]),
      ),
    );
    expect(references.filter(([, secret]) => secret === 'gateway-migration-secrets').map(([name]) => name)).toEqual(['gateway-migrate']);
  });
});

describe('local overlay', () => {
  it('runs the images compose builds, in its namespace, with one replica at least and a throwaway Postgres', () => {
    const images = local.flatMap((o) => o.spec?.template?.spec?.containers.map((c: { image: string }) => c.image) ?? []);
    expect(images.sort()).toEqual(['gateway-admin-cli:local', 'gateway-internal-gateway:local', 'gateway-public-gateway:local', 'postgres:18']);
    expect(local.filter((o) => o.kind !== 'Namespace').every((o) => o.metadata.namespace === 'gateway')).toBe(true);
    expect(find(local, 'HorizontalPodAutoscaler', 'public-gateway').spec.minReplicas).toBe(1);
    expect(find(local, 'ConfigMap', 'gateway-config').data.PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(Object.keys(find(local, 'Secret', 'gateway-secrets').data).sort()).toEqual(['DATABASE_URL', 'KEY_ENCRYPTION_KEY']);
    expect(Object.keys(find(local, 'Secret', 'gateway-migration-secrets').data).sort()).toEqual(['DATABASE_URL', 'POSTGRES_PASSWORD']);
  });

  it("shows two roles in its example secrets: the owner, who is Postgres's user, and the gateways' role, on one database", () => {
    const secret = (name: string, key: string) => Buffer.from(find(local, 'Secret', name).data[key], 'base64').toString();
    const owner = new URL(secret('gateway-migration-secrets', 'DATABASE_URL'));
    const runtime = new URL(secret('gateway-secrets', 'DATABASE_URL'));
    const postgres = find(local, 'Deployment', 'postgres').spec.template.spec.containers[0].env;
    expect(postgres).toContainEqual({ name: 'POSTGRES_USER', value: owner.username });
    expect(postgres).toContainEqual({
      name: 'POSTGRES_PASSWORD',
      valueFrom: { secretKeyRef: { name: 'gateway-migration-secrets', key: 'POSTGRES_PASSWORD' } },
    });
    expect(owner.password).toBe(secret('gateway-migration-secrets', 'POSTGRES_PASSWORD'));
    expect(runtime.username).not.toBe(owner.username);
    expect(runtime.pathname).toBe(owner.pathname);
    expect(runtime.password.length).toBeGreaterThanOrEqual(16);
  });
});
