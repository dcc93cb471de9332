// The caller's address behind TRUST_PROXY proxies. Each trusted proxy appends to X-Forwarded-For the address
// it was connected from, so the list read from the right is the chain of hops, the connection's own address
// first: hop 0 is the connection, hop N the address the outermost of N trusted proxies saw, the caller.
// Entries further left were written by the caller and are never believed.
//
// Only an entry that is an IP address, exactly (no port, brackets, zone or other text), is a hop. The walk
// stops at the first hop that is missing or not an address, and the last good one answers: a missing hop
// means the request came through fewer proxies (the outermost one that handled it saw the caller), and a
// malformed one means the chain is broken there, so nothing beyond it is believed. A header that holds no
// address where the first proxy should have written one changes nothing: the connection's address answers.
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** The longest text of an IPv6 address (with an IPv4 tail); anything longer is no address. */
const MAX_ADDRESS_LENGTH = 45;

function isPlainAddress(entry: string): boolean {
  return entry.length <= MAX_ADDRESS_LENGTH && !entry.includes('%') && isIP(entry) !== 0;
}

/**
 * The client address `trustedProxies` hops from the right of X-Forwarded-For (the connection's address being
 * hop 0); with 0 trusted proxies, the connection's address. Reads at most `trustedProxies` entries of the
 * header, whatever its length.
 */
export function clientAddress(connectionAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedProxies: number): string {
  let address = connectionAddress ?? '';
  if (trustedProxies <= 0 || forwardedFor === undefined) return address;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  let end = header.length;
  for (let hop = 1; hop <= trustedProxies && end > 0; hop++) {
    const start = header.lastIndexOf(',', end - 1);
    const entry = header.slice(start + 1, end).trim();
    if (!isPlainAddress(entry)) break;
    address = entry;
    end = Math.max(start, 0);
  }
  return address;
}

/** The client address of a request (see clientAddress). */
export function requestClientAddress(req: IncomingMessage, trustedProxies: number): string {
  return clientAddress(req.socket?.remoteAddress, req.headers['x-forwarded-for'], trustedProxies);
}
