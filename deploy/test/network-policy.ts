// Reads NetworkPolicies the way the cluster applies them, for the static checks of network-policies.spec.ts:
// which policies select a pod, which rules admit a port, whether an address falls in an ipBlock.
import ipaddr from 'ipaddr.js';
import { K8sObject } from './kustomize';

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
export interface Peer {
  namespaceSelector?: LabelSelector;
  podSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface Port {
  protocol?: string;
  port?: number | string;
}
/** An ingress or egress rule: `peers` undefined admits every source or destination, `ports` undefined every port. */
export interface Rule {
  policy: string;
  peers?: Peer[];
  ports?: Port[];
}

export function selects(selector: LabelSelector, labels: Record<string, string>): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return key in labels && values.includes(labels[key]);
    if (operator === 'NotIn') return !(key in labels) || !values.includes(labels[key]);
    if (operator === 'Exists') return key in labels;
    return !(key in labels);
  });
  return byLabels && byExpressions;
}

/** The policies of the pod's namespace that select it (all our objects share one namespace). */
export function policiesSelecting(objects: K8sObject[], podLabels: Record<string, string>): K8sObject[] {
  return objects.filter((o) => o.kind === 'NetworkPolicy' && selects(o.spec.podSelector, podLabels));
}

export function rules(policies: K8sObject[], direction: 'ingress' | 'egress'): Rule[] {
  return policies
    .filter((p) => (p.spec.policyTypes as string[]).includes(direction === 'ingress' ? 'Ingress' : 'Egress'))
    .flatMap((p) =>
      ((p.spec[direction] ?? []) as { from?: Peer[]; to?: Peer[]; ports?: Port[] }[]).map((r) => ({
        policy: p.metadata.name,
        peers: direction === 'ingress' ? r.from : r.to,
        ports: r.ports,
      })),
    );
}

/** The rules that admit TCP/UDP `port` (a rule without ports admits them all). */
export function admitting(all: Rule[], port: number, protocol = 'TCP'): Rule[] {
  return all.filter((r) => !r.ports || r.ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port)));
}

/** Whether a peer list lets traffic to or from address `ip` through an ipBlock (or admits every address). */
export function admitsAddress(peers: Peer[] | undefined, ip: string): boolean {
  if (!peers) return true;
  const address = ipaddr.parse(ip);
  const inCidr = (cidr: string) => {
    const range = ipaddr.parseCIDR(cidr);
    return range[0].kind() === address.kind() && address.match(range);
  };
  return peers.some((peer) => peer.ipBlock && inCidr(peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some(inCidr));
}
