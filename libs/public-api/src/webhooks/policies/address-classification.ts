// Which addresses anyone on the internet could have (contract 6.3 and 7): ipaddr.js classifies the ranges
// (loopback, private, link-local and the metadata address, unspecified, multicast, CGNAT, unique-local,
// reserved, 6to4, Teredo, ...). An IPv6 address that carries an IPv4 address in its last 32 bits in a form
// that reaches that IPv4 address is judged as the IPv4 address: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible
// (::a.b.c.d, which the URL parser writes ::7f00:1 and ipaddr.js calls unicast), IPv4-translated
// (::ffff:0:a.b.c.d, SIIT) and the NAT64 well-known prefix (64:ff9b::a.b.c.d). So 64:ff9b::8.8.8.8, what a DNS64
// resolver answers for a public IPv4 host, is public, and ::127.0.0.1 is loopback.
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The first 96 bits (six groups) of each IPv6 form that embeds an IPv4 address in its last 32 bits. */
const IPV4_EMBEDDING_PREFIXES: readonly (readonly number[])[] = [
  [0, 0, 0, 0, 0, 0xffff], // IPv4-mapped, RFC 4291
  [0, 0, 0, 0, 0, 0], // IPv4-compatible, RFC 4291 (deprecated); :: and ::1 carry 0.0.0.0 and 0.0.0.1, refused too
  [0, 0, 0, 0, 0xffff, 0], // IPv4-translated, RFC 6145 / 7915
  [0x64, 0xff9b, 0, 0, 0, 0], // NAT64 well-known prefix, RFC 6052
];

/** The IPv4 address an IPv6 address reaches through one of IPV4_EMBEDDING_PREFIXES, if any. */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const embedding = IPV4_EMBEDDING_PREFIXES.some((prefix) => prefix.every((group, i) => parts[i] === group));
  return embedding ? new ipaddr.IPv4([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]) : undefined;
}

/** The ipaddr.js range of an address, an embedded IPv4 address judged as itself; undefined when it is no address. */
export function addressRange(address: string): string | undefined {
  if (isIP(address) === 0) return undefined;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range();
  const v6 = parsed as ipaddr.IPv6;
  return (embeddedIPv4(v6) ?? v6).range();
}

/** True for an address anyone on the internet could have: ipaddr.js's 'unicast' range, nothing else. */
export function isPublicUnicast(address: string): boolean {
  return addressRange(address) === 'unicast';
}

/** The text the URL parser and WEBHOOK_ALLOWED_HOSTS compare: dotted IPv4, RFC 5952 IPv6 (lower case, compressed, no zone). */
export function canonicalAddress(address: string): string {
  return ipaddr.parse(address.replace(/%.*$/, '')).toString();
}

/** A network of WEBHOOK_DENIED_NETWORKS: an address and its prefix length. */
export type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** WEBHOOK_DENIED_NETWORKS: comma-separated CIDRs (`34.118.224.0/20`, `fd00:10::/48`), or undefined when one is not a CIDR. */
export function parseNetworks(value: string | undefined): Network[] | undefined {
  const networks: Network[] = [];
  for (const entry of (value ?? '').split(',').map((text) => text.trim())) {
    if (entry.length === 0) continue;
    if (!/^[0-9a-fA-F.:]+\/\d{1,3}$/.test(entry) || !ipaddr.isValidCIDR(entry)) return undefined;
    networks.push(ipaddr.parseCIDR(entry));
  }
  return networks;
}

/** True when the address (an embedded IPv4 address judged as itself) is in one of the networks. */
export function inNetworks(address: string, networks: readonly Network[]): boolean {
  if (networks.length === 0 || isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  const embedded = parsed.kind() === 'ipv6' ? embeddedIPv4(parsed as ipaddr.IPv6) : undefined;
  const forms = embedded ? [parsed, embedded] : [parsed];
  return networks.some(([base, bits]) => forms.some((form) => form.kind() === base.kind() && form.match(base, bits)));
}
