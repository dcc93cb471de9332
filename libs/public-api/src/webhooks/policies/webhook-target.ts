// Where a webhook may be sent (contract 6.3 and 7), as far as the URL alone tells: https, or plain http to a
// host and port of WEBHOOK_ALLOWED_HOSTS; no credentials or fragment; no port of the gateways
// (WEBHOOK_DENIED_PORTS and the public gateway's own), on any host; an IP literal only if it is public or
// allowed at that port, and never in a network of WEBHOOK_DENIED_NETWORKS (the cluster's own ranges, which
// may be public unicast), even one WEBHOOK_ALLOWED_HOSTS lists. Where a name resolves is checked at each delivery (webhook-address.policy.ts), by the
// same rules.
import { isIP } from 'node:net';
import { Network, canonicalAddress, inNetworks, isPublicUnicast, parseNetworks } from './address-classification';
import { HostResolver, dnsResolver } from '../infra/webhook-resolver';

/** What decides where a webhook may go: built once per process from the public gateway's settings. */
export interface WebhookTargetPolicy {
  /**
   * WEBHOOK_ALLOWED_HOSTS, parsed: each host (a name in lower case, an address in canonical form, IPv6
   * without brackets) and the ports allowed on it, null for every port.
   */
  allowedHosts: ReadonlyMap<string, ReadonlySet<number> | null>;
  /** Ports no webhook may reach, on any host: the gateways' listening and metrics ports. */
  deniedPorts: ReadonlySet<number>;
  /** WEBHOOK_DENIED_NETWORKS, parsed: addresses no webhook may reach besides the non-public ranges, whatever the allow-list says. */
  deniedNetworks: readonly Network[];
  /** Resolves the names that are not allowed hosts (A and AAAA), without libuv's thread pool. */
  resolver: HostResolver;
}

export interface WebhookTargetSettings {
  /** WEBHOOK_ALLOWED_HOSTS as configured. */
  allowedHosts?: string;
  /** WEBHOOK_DENIED_PORTS and the gateway's own ports. */
  deniedPorts?: Iterable<number>;
  /** WEBHOOK_DENIED_NETWORKS as configured (comma-separated CIDRs). */
  deniedNetworks?: string;
  /** Tests give one that asks their own DNS server; default: the system's name servers. */
  resolver?: HostResolver;
}

export function webhookTargetPolicy(settings: WebhookTargetSettings = {}): WebhookTargetPolicy {
  return {
    allowedHosts: parseAllowedHosts(settings.allowedHosts),
    deniedPorts: new Set(settings.deniedPorts ?? []),
    deniedNetworks: deniedNetworks(settings.deniedNetworks),
    resolver: settings.resolver ?? dnsResolver(),
  };
}

function deniedNetworks(value: string | undefined): Network[] {
  const networks = parseNetworks(value);
  if (!networks) throw new Error('WEBHOOK_DENIED_NETWORKS: must be comma-separated CIDRs (address/prefix length)');
  return networks;
}

/** Why WEBHOOK_DENIED_NETWORKS is malformed, or undefined when it is not. */
export function deniedNetworksProblem(value: string): string | undefined {
  return parseNetworks(value) === undefined ? 'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)' : undefined;
}

/** True when the address is in a network of WEBHOOK_DENIED_NETWORKS. */
export function isDeniedAddress(policy: WebhookTargetPolicy, address: string): boolean {
  return inNetworks(address, policy.deniedNetworks);
}

const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*\.?$/;

/** One WEBHOOK_ALLOWED_HOSTS entry: `name`, `address`, `name:port`, `1.2.3.4:port`, `[v6]` or `[v6]:port`; a bare IPv6 address names no port. */
function parseAllowedHost(entry: string): { host: string; port: number | null } | undefined {
  let host = entry;
  let port: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) {
    [, host, port] = bracketed;
    if (isIP(host) !== 6) return undefined;
  } else if (entry.split(':').length === 2) {
    [host, port] = entry.split(':');
  }
  if (port !== undefined && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) return undefined;
  const canonical = isIP(host) !== 0 ? canonicalAddress(host) : HOST_NAME.test(host.toLowerCase()) ? host.toLowerCase().replace(/\.$/, '') : undefined;
  return canonical === undefined ? undefined : { host: canonical, port: port === undefined ? null : Number(port) };
}

/** Why WEBHOOK_ALLOWED_HOSTS is malformed, or undefined when it is not. */
export function allowedHostsProblem(value: string): string | undefined {
  const bad = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0 && !parseAllowedHost(entry));
  return bad.length === 0 ? undefined : `has entries that are neither a host name nor an address, each with an optional :port: ${bad.slice(0, 3).join(', ')}`;
}

/** WEBHOOK_ALLOWED_HOSTS: comma-separated host names or addresses, each with an optional port (IPv6 then in brackets). */
export function parseAllowedHosts(value: string | undefined): Map<string, Set<number> | null> {
  const hosts = new Map<string, Set<number> | null>();
  for (const entry of (value ?? '').split(',').map((text) => text.trim())) {
    if (entry.length === 0) continue;
    const parsed = parseAllowedHost(entry);
    if (!parsed) throw new Error(`WEBHOOK_ALLOWED_HOSTS: ${entry} is neither a host name nor an address, with an optional :port`);
    const ports = hosts.get(parsed.host);
    // An entry without a port allows every port, whatever other entries name.
    if (parsed.port === null || ports === null) hosts.set(parsed.host, null);
    else hosts.set(parsed.host, new Set([...(ports ?? []), parsed.port]));
  }
  return hosts;
}

/** WEBHOOK_DENIED_PORTS: comma-separated port numbers, or undefined when one is not a port. */
export function parsePortList(value: string | undefined): number[] | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter((text) => text.length > 0);
  const ports = entries.map((text) => (/^\d{1,5}$/.test(text) ? Number(text) : Number.NaN));
  return ports.every((port) => port >= 1 && port <= 65535) ? ports : undefined;
}

/** The URL's host as the policy compares it: lower case, IPv6 without brackets (the URL parser made it canonical). */
export function urlHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** The port the URL connects to: its own, or its scheme's. */
export function urlPort(url: URL): number {
  return url.port !== '' ? Number(url.port) : url.protocol === 'http:' ? 80 : 443;
}

/** True when WEBHOOK_ALLOWED_HOSTS lists the host (a name, or an address in canonical form) for this port. */
export function isAllowedHost(policy: WebhookTargetPolicy, host: string, port: number): boolean {
  const ports = policy.allowedHosts.get(host);
  return ports === null || (ports !== undefined && ports.has(port));
}

/**
 * Why the URL cannot be a webhook target, checked as completely as can be without DNS, or undefined when it
 * can: the check of registration and of every change of an endpoint's url (400). A name is checked again
 * after DNS at every delivery (resolveWebhookTarget).
 */
export function webhookUrlProblem(text: string, policy: WebhookTargetPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username !== '' || url.password !== '') return 'must not carry credentials';
  if (url.hash !== '') return 'must not have a fragment';
  const host = urlHost(url);
  const port = urlPort(url);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowedHost(policy, host, port))) {
    return 'must be https (plain http only to a host and port of WEBHOOK_ALLOWED_HOSTS)';
  }
  if (policy.deniedPorts.has(port)) return `must not use port ${port}, a port of the gateways themselves`;
  if (isIP(host) !== 0 && isDeniedAddress(policy, host)) return "must not be an address of WEBHOOK_DENIED_NETWORKS (the cluster's own networks)";
  if (isIP(host) !== 0 && !isAllowedHost(policy, host, port) && !isPublicUnicast(host)) {
    return 'must not be a loopback, private, link-local or other non-public address (unless WEBHOOK_ALLOWED_HOSTS lists it with this port)';
  }
  return undefined;
}
