// Where a webhook may connect (contract 6.3 and 7), decided after DNS resolution at every delivery: by the
// rules of webhook-target.ts, now for every address the host resolves to. Only public unicast addresses
// (address-classification.ts), unless WEBHOOK_ALLOWED_HOSTS lists the host name or the address for the
// URL's port; never a port of the gateways (WEBHOOK_DENIED_PORTS), whatever the host, nor an address of
// WEBHOOK_DENIED_NETWORKS, whatever the allow-list says.
import { isIP } from 'node:net';
import { canonicalAddress, isPublicUnicast } from './address-classification';
import { ResolvedAddress, systemLookup } from '../infra/webhook-resolver';
import { WebhookTargetPolicy, isAllowedHost, isDeniedAddress, urlHost, urlPort } from './webhook-target';

export type ResolvedTarget = ResolvedAddress;

export class WebhookTargetRefused extends Error {}

/**
 * Resolves the URL's host once and checks every address it resolves to; the delivery then connects to the
 * first of them and to nothing else (no second resolution). An IP literal is not resolved; a name the
 * allow-list holds for this port is resolved by the system (hosts file included), any other by the policy's
 * resolver. Throws WebhookTargetRefused.
 */
export async function resolveWebhookTarget(url: URL, policy: WebhookTargetPolicy): Promise<ResolvedTarget> {
  const host = urlHost(url);
  const port = urlPort(url);
  if (policy.deniedPorts.has(port)) throw new WebhookTargetRefused(`port ${port} is a port of the gateways themselves`);
  const hostAllowed = isAllowedHost(policy, host, port);
  let addresses: ResolvedAddress[];
  const family = isIP(host);
  if (family !== 0) {
    addresses = [{ address: host, family: family === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = hostAllowed ? await systemLookup(host) : await policy.resolver.resolve(host);
    } catch {
      throw new WebhookTargetRefused(`the host ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new WebhookTargetRefused(`the host ${host} has no address`);
  for (const { address } of addresses) {
    if (isDeniedAddress(policy, address)) throw new WebhookTargetRefused(`the host ${host} resolves to ${address}, an address of WEBHOOK_DENIED_NETWORKS`);
    if (!hostAllowed && !isAllowedHost(policy, canonicalAddress(address), port) && !isPublicUnicast(address)) {
      throw new WebhookTargetRefused(`the host ${host} resolves to ${address}, which is not a public address`);
    }
  }
  return addresses[0];
}
