// The NetworkPolicies of deploy/kubernetes, checked statically (no cluster runs here): for each component, the
// policies that select its pods, the ports they admit and from whom, and where its pods may connect.
import { join } from 'node:path';
import ipaddr from 'ipaddr.js';
import { K8sObject, kustomize } from './kustomize';
import { Peer, Rule, admitsAddress, admitting, policiesSelecting, rules, selects } from './network-policy';

const root = join(__dirname, '../kubernetes');
const base = kustomize(join(root, 'base'));
const local = kustomize(join(root, 'overlays/local'), { 'secrets.env': 'secrets.env.example', 'migration-secrets.env': 'migration-secrets.env.example' });

const INTERNAL_CLIENT = { 'gateway.example/internal-client': 'true' };
const SCRAPER = { 'gateway.example/metrics-scraper': 'true' };
const DATABASE = { 'gateway.example/database': 'true' };
const KUBE_DNS: Peer = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
  podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
};
/** A namespace labelled so (every pod in it), or a pod of the gateway's namespace labelled so. */
const labelled = (labels: Record<string, string>): Peer[] => [{ namespaceSelector: { matchLabels: labels } }, { podSelector: { matchLabels: labels } }];

const PRIVATE_V4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '127.0.0.0/8', '100.64.0.0/10'];
/** The cluster's own public-unicast ranges the base ships as the example (GKE's Service range). */
const CLUSTER_PUBLIC = ['34.118.224.0/20'];
// Each refused range at its edges and inside, and the cloud metadata address.
const REFUSED = [
  '10.0.0.1',
  '10.255.255.255',
  '172.16.0.1',
  '172.31.255.254',
  '192.168.1.1',
  '169.254.169.254',
  '127.0.0.1',
  '100.64.0.1',
  '100.127.255.254',
  '::1',
  'fd00::1',
  'fc00::1',
  'fe80::1',
  'fec0::1',
  '64:ff9b::a00:1',
  '34.118.224.10',
  '34.118.239.255',
];
// Documentation addresses standing in for public ones (nothing is sent anywhere).
const PUBLIC = ['192.0.2.10', '198.51.100.7', '203.0.113.200', '172.32.0.1', '100.128.0.1', '11.0.0.1', '2001:db8::1', '34.118.240.1', '34.118.223.255'];

function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}
const podLabels = (objects: K8sObject[], kind: string, name: string): Record<string, string> => find(objects, kind, name).spec.template.metadata.labels;
const policiesOf = (objects: K8sObject[], kind: string, name: string) => policiesSelecting(objects, podLabels(objects, kind, name));
const peersOf = (found: Rule[]) => found.map((r) => r.peers);

describe.each([
  ['base', base],
  ['overlays/local', local],
])('%s', (_, objects) => {
  const publicGateway = policiesOf(objects, 'Deployment', 'public-gateway');
  const internalGateway = policiesOf(objects, 'Deployment', 'internal-gateway');
  const migration = policiesOf(objects, 'Job', 'gateway-migrate');

  it('isolates both gateways for ingress and egress, and the migration Job for egress (and ingress, under the default deny)', () => {
    const types = (policies: K8sObject[]) => [...new Set(policies.flatMap((p) => p.spec.policyTypes as string[]))].sort();
    expect(types(publicGateway)).toEqual(['Egress', 'Ingress']);
    expect(types(internalGateway)).toEqual(['Egress', 'Ingress']);
    expect(types(migration)).toEqual(objects === local ? ['Egress', 'Ingress'] : ['Egress']);
  });

  it('names a port in every ingress rule (a rule without ports would open them all)', () => {
    expect([...rules(publicGateway, 'ingress'), ...rules(internalGateway, 'ingress')].filter((r) => !r.ports)).toEqual([]);
  });

  describe('public gateway', () => {
    const ingress = rules(publicGateway, 'ingress');
    const egress = rules(publicGateway, 'egress');

    it("takes its API port from the Ingress controller's namespace only (no pod can skip it and forge the hop TRUST_PROXY trusts), its metrics port from a labelled scraper only", () => {
      expect(peersOf(admitting(ingress, 3000))).toEqual([[{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' } } }]]);
      expect(peersOf(admitting(ingress, 9464))).toEqual([labelled(SCRAPER)]);
      expect(admitting(ingress, 3001)).toEqual([]);
    });

    it('reaches kube-dns, the database, and webhook targets outside every private, link-local and loopback range', () => {
      const ipv6 = { cidr: '::/0', except: expect.arrayContaining(['::1/128', 'fc00::/7', 'fe80::/10']) };
      expect(egress).toEqual([
        // Any port: a webhook URL may name one.
        { policy: 'public-gateway', peers: [{ ipBlock: { cidr: '0.0.0.0/0', except: [...PRIVATE_V4, ...CLUSTER_PUBLIC] } }, { ipBlock: ipv6 }] },
        {
          policy: 'gateway-dns-and-database',
          peers: [KUBE_DNS],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
        { policy: 'gateway-dns-and-database', peers: [{ podSelector: { matchLabels: DATABASE } }], ports: [{ protocol: 'TCP', port: 5432 }] },
      ]);
      const webhooks = egress[0].peers;
      for (const address of REFUSED) expect([address, admitsAddress(webhooks, address)]).toEqual([address, false]);
      for (const address of PUBLIC) expect([address, admitsAddress(webhooks, address)]).toEqual([address, true]);
    });

    it("refuses the same public-unicast ranges in its egress and in WEBHOOK_DENIED_NETWORKS (the gateway's own check)", () => {
      const container = find(objects, 'Deployment', 'public-gateway').spec.template.spec.containers[0];
      const setting = container.env.find((e: { name: string }) => e.name === 'WEBHOOK_DENIED_NETWORKS')?.value as string | undefined;
      const configured = (setting ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const excepted = egress[0].peers!.flatMap((peer) => peer.ipBlock?.except ?? []);
      // The private, loopback, link-local, NAT64... ranges the gateway refuses anyway need not be in the setting.
      const publicExcepted = excepted.filter((cidr) => ipaddr.parseCIDR(cidr)[0].range() === 'unicast');
      expect(configured.length).toBeGreaterThan(0);
      expect([...configured].sort()).toEqual([...publicExcepted].sort());
      // And nothing the setting refuses is admitted by the policy.
      for (const cidr of configured) expect([cidr, admitsAddress(egress[0].peers, ipaddr.parseCIDR(cidr)[0].toString())]).toEqual([cidr, false]);
    });
  });

  describe('internal gateway', () => {
    const ingress = rules(internalGateway, 'ingress');
    const egress = rules(internalGateway, 'egress');

    it('is reached only from namespaces or pods labelled as its clients, and its metrics from a labelled scraper', () => {
      expect(peersOf(admitting(ingress, 3001))).toEqual([labelled(INTERNAL_CLIENT)]);
      expect(peersOf(admitting(ingress, 9464))).toEqual([labelled(SCRAPER)]);
      // Never every namespace, every pod, or an address range.
      const peers = ingress.flatMap((r) => r.peers ?? [{}]);
      expect(peers.filter((p) => !p.namespaceSelector?.matchLabels && !p.podSelector?.matchLabels)).toEqual([]);
      expect(peers.filter((p) => p.ipBlock)).toEqual([]);
    });

    it('reaches kube-dns and the database, nothing else: not the public gateway (it reads the keys from the database)', () => {
      expect(egress).toEqual([
        {
          policy: 'gateway-dns-and-database',
          peers: [KUBE_DNS],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
        { policy: 'gateway-dns-and-database', peers: [{ podSelector: { matchLabels: DATABASE } }], ports: [{ protocol: 'TCP', port: 5432 }] },
      ]);
      const container = find(objects, 'Deployment', 'internal-gateway').spec.template.spec.containers[0];
      expect(container.env.map((e: { name: string }) => e.name)).not.toContain('ISSUER_DISCOVERY_URL');
    });
  });

  it('lets the migration Job reach kube-dns and the database only', () => {
    expect(rules(migration, 'egress')).toEqual([
      {
        policy: 'gateway-dns-and-database',
        peers: [KUBE_DNS],
        ports: [
          { protocol: 'UDP', port: 53 },
          { protocol: 'TCP', port: 53 },
        ],
      },
      { policy: 'gateway-dns-and-database', peers: [{ podSelector: { matchLabels: DATABASE } }], ports: [{ protocol: 'TCP', port: 5432 }] },
    ]);
  });
});

describe('local overlay', () => {
  const podsOf = (kind: string, name: string) => podLabels(local, kind, name);

  it("labels its throwaway Postgres as the gateways' database, on the port their egress opens", () => {
    const postgres = find(local, 'Deployment', 'postgres').spec.template;
    expect(selects({ matchLabels: DATABASE }, postgres.metadata.labels)).toBe(true);
    expect(postgres.spec.containers[0].ports).toEqual([{ name: 'postgres', containerPort: 5432 }]);
  });

  it('denies every pod of its namespace all traffic in and out by default', () => {
    const deny = find(local, 'NetworkPolicy', 'default-deny');
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    expect(deny.metadata.namespace).toBe('gateway');
    // Every pod of the overlay is selected, so none is open by omission.
    for (const [kind, name] of [
      ['Deployment', 'public-gateway'],
      ['Deployment', 'internal-gateway'],
      ['Deployment', 'postgres'],
      ['Job', 'gateway-migrate'],
    ])
      expect(policiesSelecting(local, podsOf(kind, name)).map((p) => p.metadata.name)).toContain('default-deny');
    // The base, which may share a namespace with other workloads, has none.
    expect(base.filter((o) => o.kind === 'NetworkPolicy' && Object.keys(o.spec.podSelector).length === 0)).toEqual([]);
  });

  it('lets only the gateways and the migration Job reach Postgres, on 5432, and Postgres reach nothing', () => {
    const postgres = policiesSelecting(local, podsOf('Deployment', 'postgres'));
    expect(postgres.map((p) => p.metadata.name).sort()).toEqual(['database', 'default-deny']);
    const ingress = rules(postgres, 'ingress');
    expect(ingress.map((r) => r.ports)).toEqual([[{ protocol: 'TCP', port: 5432 }]]);
    const admitted = (labels: Record<string, string>) =>
      ingress.some((r) => r.peers?.some((p) => !p.namespaceSelector && !p.ipBlock && p.podSelector && selects(p.podSelector, labels)));
    for (const [kind, name] of [
      ['Deployment', 'public-gateway'],
      ['Deployment', 'internal-gateway'],
      ['Job', 'gateway-migrate'],
    ])
      expect([name, admitted(podsOf(kind, name))]).toEqual([name, true]);
    for (const labels of [{ 'app.kubernetes.io/name': 'postgres' }, { 'app.kubernetes.io/name': 'debug-shell' }, {}] as Record<string, string>[])
      expect([labels, admitted(labels)]).toEqual([labels, false]);
    expect(ingress.flatMap((r) => r.peers ?? [{}]).filter((p) => p.namespaceSelector || p.ipBlock || !p.podSelector)).toEqual([]);
    expect(rules(postgres, 'egress')).toEqual([]);
  });
});
