// How a webhook's host name becomes addresses. Names are asked of the name servers with node:dns's Resolver
// (c-ares: asynchronous sockets), never getaddrinfo, which runs on libuv's four-thread pool: a slow name
// server for one target would otherwise hold a thread that token signing and new database connections also
// need. The Resolver reads no /etc/hosts; a name that WEBHOOK_ALLOWED_HOSTS lists (localhost, a compose
// service) is the operator's own and is resolved by the system (systemLookup), hosts file included.
import { Resolver, lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every A and AAAA address; rejects when it has none or the name servers fail. */
export interface HostResolver {
  resolve(host: string): Promise<ResolvedAddress[]>;
}

export interface DnsResolverOptions {
  /** Name servers (`127.0.0.1:5353`, ...); none or empty: the system's (/etc/resolv.conf). */
  servers?: string[];
  /** The first try's timeout, doubled for each further try up to maxTimeoutMs. */
  timeoutMs?: number;
  tries?: number;
  maxTimeoutMs?: number;
}

/** A resolver that asks for A and AAAA at once; the IPv4 addresses come first (the one connected to is the first). */
export function dnsResolver(options: DnsResolverOptions = {}): HostResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2, maxTimeout: options.maxTimeoutMs ?? 4000 });
  if (options.servers && options.servers.length > 0) resolver.setServers(options.servers);
  return {
    async resolve(host) {
      const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
      const addresses: ResolvedAddress[] = [
        ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
        ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
      ];
      if (addresses.length > 0) return addresses;
      const failure = [v4, v6].find((result): result is PromiseRejectedResult => result.status === 'rejected');
      throw failure ? failure.reason : new Error(`${host} has no address`);
    },
  };
}

/** The system's resolution (getaddrinfo, /etc/hosts included), for the names WEBHOOK_ALLOWED_HOSTS lists. */
export async function systemLookup(host: string): Promise<ResolvedAddress[]> {
  return (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/**
 * WEBHOOK_DNS_SERVERS: comma-separated name servers (`10.0.0.2`, `10.0.0.2:5353`, `fd00::53`, `[fd00::53]:5353`),
 * [] when empty (the system's), undefined when an entry is none of these.
 */
export function parseDnsServers(value: string | undefined): string[] | undefined {
  const entries = (value ?? '')
    .split(',')
    .map((text) => text.trim())
    .filter((text) => text.length > 0);
  const valid = entries.every((entry) => {
    const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
    const withPort = /^([\d.]+):(\d{1,5})$/.exec(entry);
    const [address, port] = bracketed ? [bracketed[1], bracketed[2]] : withPort ? [withPort[1], withPort[2]] : [entry, undefined];
    const family = isIP(address);
    const portValid = port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
    return portValid && (bracketed ? family === 6 : withPort ? family === 4 : family !== 0) && !address.includes('%');
  });
  return valid ? entries : undefined;
}
