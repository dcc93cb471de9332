// Where a webhook may connect (contract 6.3), decided after DNS resolution at every delivery: only public
// unicast addresses, unless the host name or the address is in WEBHOOK_ALLOWED_HOSTS. ipaddr.js classifies
// the ranges (loopback, private, link-local and the metadata address, unspecified, multicast, CGNAT,
// unique-local, reserved, ...); an IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
}

export class WebhookTargetRefused extends Error {}

/** True for an address anyone on the internet could have: ipaddr.js's 'unicast' range, nothing else. */
export function isPublicUnicast(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const bare = (address: string) => address.toLowerCase().replace(/%.*$/, '');

/**
 * Resolves the host once and checks every address it resolves to; the delivery then connects to the
 * first of them and to nothing else (no second resolution). Throws WebhookTargetRefused.
 */
export async function resolveWebhookTarget(host: string, allowedHosts: Set<string>): Promise<ResolvedTarget> {
  let addresses: { address: string; family: number }[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookTargetRefused(`the host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetRefused(`the host ${host} has no address`);
  const hostAllowed = allowedHosts.has(host.toLowerCase());
  for (const { address } of addresses) {
    if (!hostAllowed && !allowedHosts.has(bare(address)) && !isPublicUnicast(address)) {
      throw new WebhookTargetRefused(`the host ${host} resolves to ${address}, which is not a public address`);
    }
  }
  return { address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
