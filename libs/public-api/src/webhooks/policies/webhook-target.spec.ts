// The check of a webhook URL without DNS (registration and url changes, 400): scheme, credentials, the
// gateways' ports, IP literals; and WEBHOOK_ALLOWED_HOSTS with ports.
import { allowedHostsProblem, deniedNetworksProblem, parseAllowedHosts, parsePortList, webhookTargetPolicy, webhookUrlProblem } from './webhook-target';
import type { HostResolver } from '../infra/webhook-resolver';

const noDns: HostResolver = { resolve: () => Promise.reject(new Error('no DNS in this test')) };
const policy = (allowedHosts: string, deniedPorts: number[] = []) => webhookTargetPolicy({ allowedHosts, deniedPorts, resolver: noDns });

const NOT_PUBLIC = 'must not be a loopback, private, link-local or other non-public address (unless WEBHOOK_ALLOWED_HOSTS lists it with this port)';
const NOT_HTTPS = 'must be https (plain http only to a host and port of WEBHOOK_ALLOWED_HOSTS)';

describe('webhookUrlProblem', () => {
  it.each([
    ['https://hooks.example.com/in', undefined],
    ['https://hooks.example.com:8443/in?x=1', undefined],
    ['https://93.184.216.34/in', undefined],
    ['https://[2606:2800:220:1:248:1893:25c8:1946]/in', undefined],
    ['http://hooks.example.com/in', NOT_HTTPS],
    ['ftp://hooks.example.com/in', NOT_HTTPS],
    ['https://user:pw@hooks.example.com/in', 'must not carry credentials'],
    ['https://hooks.example.com/in#x', 'must not have a fragment'],
    ['hooks.example.com/in', 'must be an absolute URL'],
    ['https://127.0.0.2/in', NOT_PUBLIC],
    ['https://10.0.0.1/in', NOT_PUBLIC],
    ['https://169.254.169.254/latest', NOT_PUBLIC],
    ['https://0x7f.2/in', NOT_PUBLIC],
    ['https://[::1]/in', NOT_PUBLIC],
    ['https://[64:ff9b::10.0.0.1]/in', NOT_PUBLIC],
  ])('%s: %p (127.0.0.1 allowed)', (url, problem) => {
    expect(webhookUrlProblem(url, policy('127.0.0.1'))).toBe(problem);
  });

  it('refuses the IPv6 forms of an allowed IPv4 address: only the address as listed is allowed', () => {
    const allowed = policy('127.0.0.1');
    expect(webhookUrlProblem('https://127.0.0.1/in', allowed)).toBeUndefined();
    for (const url of ['https://[::127.0.0.1]/', 'https://[::ffff:127.0.0.1]/', 'https://[::ffff:0:127.0.0.1]/', 'https://[64:ff9b::127.0.0.1]/']) {
      expect(webhookUrlProblem(url, allowed)).toBe(NOT_PUBLIC);
    }
    expect(webhookUrlProblem('http://[::127.0.0.1]/', allowed)).toBe(NOT_HTTPS);
  });

  it("refuses the gateways' ports on every host, an allowed one included", () => {
    const guarded = policy('127.0.0.1,localhost', [3000, 3001, 9464]);
    expect(webhookUrlProblem('http://127.0.0.1:3001/internal-tools/dispatch-command', guarded)).toBe(
      'must not use port 3001, a port of the gateways themselves',
    );
    expect(webhookUrlProblem('http://localhost:9464/metrics', guarded)).toBe('must not use port 9464, a port of the gateways themselves');
    expect(webhookUrlProblem('https://hooks.example.com:3000/in', guarded)).toBe('must not use port 3000, a port of the gateways themselves');
    expect(webhookUrlProblem('http://127.0.0.1:3002/in', guarded)).toBeUndefined();
  });

  it('takes a host:port entry of the allow-list for that port only', () => {
    const allowed = policy('127.0.0.1:9000,localhost:9100,[::1]:9200');
    expect(webhookUrlProblem('http://127.0.0.1:9000/in', allowed)).toBeUndefined();
    expect(webhookUrlProblem('https://127.0.0.1:9000/in', allowed)).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.1:9001/in', allowed)).toBe(NOT_HTTPS);
    expect(webhookUrlProblem('https://127.0.0.1:9001/in', allowed)).toBe(NOT_PUBLIC);
    expect(webhookUrlProblem('https://127.0.0.1/in', allowed)).toBe(NOT_PUBLIC);
    expect(webhookUrlProblem('http://localhost:9100/in', allowed)).toBeUndefined();
    expect(webhookUrlProblem('http://localhost:9101/in', allowed)).toBe(NOT_HTTPS);
    expect(webhookUrlProblem('http://[::1]:9200/in', allowed)).toBeUndefined();
    expect(webhookUrlProblem('http://[::1]:9201/in', allowed)).toBe(NOT_HTTPS);
    // Port 80 is named as such, though the URL leaves it out.
    expect(webhookUrlProblem('http://127.0.0.2/in', policy('127.0.0.2:80'))).toBeUndefined();
    expect(webhookUrlProblem('https://127.0.0.2/in', policy('127.0.0.2:80'))).toBe(NOT_PUBLIC);
  });
});

describe('WEBHOOK_DENIED_NETWORKS at registration (IP literals)', () => {
  const DENIED = "must not be an address of WEBHOOK_DENIED_NETWORKS (the cluster's own networks)";
  const denying = (deniedNetworks: string, allowedHosts = '') => webhookTargetPolicy({ allowedHosts, deniedNetworks, resolver: noDns });

  it('refuses an address of a denied network, public unicast or not, its IPv6 forms, and nothing outside', () => {
    const policy = denying('34.118.224.0/20,2600:1900:4000::/44');
    expect(webhookUrlProblem('https://34.118.224.10/in', denying(''))).toBeUndefined();
    expect(webhookUrlProblem('https://34.118.224.10/in', policy)).toBe(DENIED);
    expect(webhookUrlProblem('https://34.118.239.255:8443/in', policy)).toBe(DENIED);
    expect(webhookUrlProblem('https://[::ffff:34.118.224.10]/in', policy)).toBe(DENIED);
    expect(webhookUrlProblem('https://[64:ff9b::34.118.224.10]/in', policy)).toBe(DENIED);
    expect(webhookUrlProblem('https://[2600:1900:4000::10]/in', policy)).toBe(DENIED);
    expect(webhookUrlProblem('https://34.118.240.0/in', policy)).toBeUndefined();
    expect(webhookUrlProblem('https://34.118.223.255/in', policy)).toBeUndefined();
    // A name is judged after DNS, at delivery.
    expect(webhookUrlProblem('https://hooks.example.com/in', policy)).toBeUndefined();
  });

  it('refuses a denied address even when WEBHOOK_ALLOWED_HOSTS lists it', () => {
    expect(webhookUrlProblem('http://127.0.0.2:9000/in', denying('', '127.0.0.2'))).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.2:9000/in', denying('127.0.0.0/30', '127.0.0.2'))).toBe(DENIED);
    expect(webhookUrlProblem('http://127.0.0.1:9000/in', denying('127.0.0.2/32', '127.0.0.1'))).toBeUndefined();
  });

  it('reads comma-separated IPv4 and IPv6 CIDRs, refusing anything else', () => {
    expect(deniedNetworksProblem('')).toBeUndefined();
    expect(deniedNetworksProblem(' 34.118.224.0/20 , 10.4.0.0/14,fd00:10::/48 ')).toBeUndefined();
    for (const bad of ['34.118.224.0', '34.118.224.0/33', 'fd00::/129', 'cluster.local/16', '10.0.0.0/8;10.1.0.0/16', '10.0.0.0/-1', '0x22.0.0.0/8'])
      expect([bad, deniedNetworksProblem(bad)]).toEqual([
        bad,
        'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)',
      ]);
    expect(() => webhookTargetPolicy({ deniedNetworks: '10.0.0.0', resolver: noDns })).toThrow('WEBHOOK_DENIED_NETWORKS');
  });
});

describe('WEBHOOK_ALLOWED_HOSTS and WEBHOOK_DENIED_PORTS', () => {
  it('parses names, addresses and ports into canonical hosts; an entry without a port allows every port', () => {
    expect(parseAllowedHosts(' LocalHost , 127.0.0.1:9000, 127.0.0.1:9001,::1,[0:0::1]:5,[2001:DB8::1], api.test:8080, api.test')).toEqual(
      new Map<string, Set<number> | null>([
        ['localhost', null],
        ['127.0.0.1', new Set([9000, 9001])],
        ['::1', null],
        ['2001:db8::1', null],
        ['api.test', null],
      ]),
    );
    expect(parseAllowedHosts('')).toEqual(new Map());
  });

  it.each(['a b', 'host:0', 'host:65536', 'host:port', '[::1', '[127.0.0.1]:80', '[not-v6]:80', 'ho$t', '-host', 'a..b', `${'a'.repeat(64)}.test`])(
    'refuses the entry %p',
    (entry) => {
      expect(allowedHostsProblem(`127.0.0.1,${entry}`)).toContain(entry);
      expect(() => parseAllowedHosts(entry)).toThrow('WEBHOOK_ALLOWED_HOSTS');
    },
  );

  it('reads a list of ports', () => {
    expect(parsePortList('3000, 3001,9464')).toEqual([3000, 3001, 9464]);
    expect(parsePortList('')).toEqual([]);
    for (const bad of ['0', '65536', 'http', '3000;3001', '1.5']) expect(parsePortList(bad)).toBeUndefined();
  });
});
