// Which addresses a webhook may reach, and the check at delivery after DNS. Names are resolved by a name
// server of this test on 127.0.0.1 (or fail as .invalid names); nothing here opens a connection.
import { DnsTestServer, startDnsTestServer } from '@gateway/testing';
import { addressRange, isPublicUnicast } from './address-classification';
import { WebhookTargetRefused, resolveWebhookTarget } from './webhook-address.policy';
import { dnsResolver, parseDnsServers } from '../infra/webhook-resolver';
import { WebhookTargetPolicy, webhookTargetPolicy } from './webhook-target';

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '127.0.0.2',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    'not-an-address',
    '127.1',
  ])('refuses %s', (address) => {
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])('accepts the public address %s', (address) => {
    expect(isPublicUnicast(address)).toBe(true);
  });

  // Each IPv6 form that reaches an IPv4 address is judged as that address: ipaddr.js alone calls the
  // IPv4-compatible form in hex (the URL parser's ::7f00:1 for [::127.0.0.1]) unicast.
  it.each([
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::a00:1', 'private'],
    ['::a9fe:a9fe', 'linkLocal'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:c0a8:101', 'private'],
    ['::ffff:0:a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['64:ff9b::6440:1', 'carrierGradeNat'],
    ['::ffff:7f00:1', 'loopback'],
    ['::', 'unspecified'],
    ['::1', 'unspecified'],
  ])('refuses %s, which reaches a %s IPv4 address', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each(['::5db8:d822', '::ffff:0:5db8:d822', '64:ff9b::5db8:d822', '64:ff9b::93.184.216.34'])(
    'accepts %s, which reaches the public 93.184.216.34',
    (address) => {
      expect(isPublicUnicast(address)).toBe(true);
    },
  );

  it.each(['64:ff9b:1::a00:1', '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:db8::1', '100::1'])(
    'refuses %s (local NAT64, 6to4, Teredo, documentation, discard)',
    (address) => {
      expect(isPublicUnicast(address)).toBe(false);
    },
  );
});

describe('resolveWebhookTarget', () => {
  let dns: DnsTestServer;
  let policyOf: (allowedHosts: string, deniedPorts?: number[]) => WebhookTargetPolicy;

  beforeAll(async () => {
    dns = await startDnsTestServer(
      {
        'public.test': { A: ['93.184.216.34'], AAAA: ['2606:2800:220:1:248:1893:25c8:1946'] },
        'public-v6.test': { AAAA: ['2606:2800:220:1:248:1893:25c8:1946'] },
        'loopback.test': { A: ['127.0.0.2'] },
        'mixed.test': { A: ['93.184.216.34', '10.0.0.1'] },
        'compatible.test': { AAAA: ['::7f00:1'] },
        'translated.test': { AAAA: ['::ffff:0:a9fe:a9fe'] },
        'nat64.test': { AAAA: ['64:ff9b::a00:1'] },
        'nat64-public.test': { AAAA: ['64:ff9b::5db8:d822'] },
        'empty.test': {},
      },
      ['silent.test'],
    );
    const resolver = dnsResolver({ servers: [dns.address], timeoutMs: 200, tries: 1, maxTimeoutMs: 200 });
    policyOf = (allowedHosts, deniedPorts = []) => webhookTargetPolicy({ allowedHosts, deniedPorts, resolver });
  });

  afterAll(() => dns.close());

  const target = (url: string, allowedHosts = '', deniedPorts: number[] = []) => resolveWebhookTarget(new URL(url), policyOf(allowedHosts, deniedPorts));

  it('takes an IP literal without asking DNS: refused outside the allow-list, taken when listed', async () => {
    const before = dns.questions.length;
    await expect(target('https://127.0.0.2/', '127.0.0.1')).rejects.toThrow(WebhookTargetRefused);
    await expect(target('https://127.0.0.2/', '127.0.0.2')).resolves.toEqual({ address: '127.0.0.2', family: 4 });
    await expect(target('https://93.184.216.34/')).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    expect(dns.questions.length).toBe(before);
  });

  it('refuses the IPv6 forms of a refused IPv4 address, even when that IPv4 address is allowed', async () => {
    for (const url of ['https://[::127.0.0.1]/', 'https://[::ffff:0:127.0.0.1]/', 'https://[64:ff9b::127.0.0.1]/', 'https://[::ffff:127.0.0.1]/']) {
      await expect(target(url, '127.0.0.1')).rejects.toThrow('which is not a public address');
    }
  });

  it('resolves a name with the Resolver, A and AAAA, and connects to the first IPv4 address', async () => {
    await expect(target('https://public.test/hook')).resolves.toEqual({ address: '93.184.216.34', family: 4 });
    expect(dns.questions).toEqual(expect.arrayContaining(['public.test A', 'public.test AAAA']));
    await expect(target('https://public-v6.test/hook')).resolves.toEqual({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 });
    await expect(target('https://nat64-public.test/hook')).resolves.toEqual({ address: '64:ff9b::5db8:d822', family: 6 });
  });

  it.each([
    ['loopback.test', '127.0.0.2'],
    ['mixed.test', '10.0.0.1'],
    ['compatible.test', '::127.0.0.1'],
    ['translated.test', '::ffff:0:a9fe:a9fe'],
    ['nat64.test', '64:ff9b::a00:1'],
  ])('refuses %s, which resolves to %s', async (name, address) => {
    await expect(target(`https://${name}/hook`)).rejects.toThrow(`the host ${name} resolves to ${address}, which is not a public address`);
  });

  it('takes a name resolving to a non-public address when the address is allowed at that port', async () => {
    await expect(target('https://loopback.test/hook', '127.0.0.2')).resolves.toEqual({ address: '127.0.0.2', family: 4 });
    await expect(target('https://loopback.test:9000/hook', '127.0.0.2:9000')).resolves.toEqual({ address: '127.0.0.2', family: 4 });
    await expect(target('https://loopback.test:9001/hook', '127.0.0.2:9000')).rejects.toThrow('which is not a public address');
  });

  it('refuses a name that does not resolve, has no address, or whose name server does not answer', async () => {
    await expect(target('https://hooks.example.invalid/x')).rejects.toThrow('the host hooks.example.invalid could not be resolved');
    await expect(target('https://empty.test/x')).rejects.toThrow('the host empty.test could not be resolved');
    await expect(target('https://silent.test/x')).rejects.toThrow('the host silent.test could not be resolved');
    expect(dns.questions).toEqual(expect.arrayContaining(['silent.test A', 'silent.test AAAA']));
  });

  it('resolves a name of the allow-list through the system (hosts file included) and trusts it; without the listing, through the Resolver', async () => {
    await expect(target('http://localhost:9000/x', 'localhost')).resolves.toEqual(expect.objectContaining({ address: expect.any(String) }));
    await expect(target('http://localhost:9000/x', 'localhost:9000')).resolves.toEqual(expect.objectContaining({ address: expect.any(String) }));
    const before = dns.questions.length;
    await expect(target('http://localhost:9001/x', 'localhost:9000')).rejects.toThrow(WebhookTargetRefused);
    expect(dns.questions.slice(before)).toEqual(expect.arrayContaining(['localhost A', 'localhost AAAA']));
  });

  it('refuses a port of the gateways on any host, an allowed one or a public one, before resolving', async () => {
    const before = dns.questions.length;
    await expect(target('http://127.0.0.1:3001/internal-tools/dispatch-command', '127.0.0.1', [3001, 9464])).rejects.toThrow(
      'port 3001 is a port of the gateways themselves',
    );
    await expect(target('https://public.test:9464/metrics', '', [3001, 9464])).rejects.toThrow('port 9464 is a port of the gateways themselves');
    await expect(target('https://public.test/hook', '', [443])).rejects.toThrow('port 443 is a port of the gateways themselves');
    expect(dns.questions.length).toBe(before);
  });
});

describe('WEBHOOK_DENIED_NETWORKS at delivery (after DNS)', () => {
  // Only the decision: resolveWebhookTarget resolves and judges, it never connects.
  let dns: DnsTestServer;
  let policyOf: (allowedHosts: string, deniedNetworks: string) => WebhookTargetPolicy;
  const CLUSTER = '34.118.224.0/20, 2600:1900:4000::/44';

  beforeAll(async () => {
    dns = await startDnsTestServer({
      'cluster-service.test': { A: ['34.118.224.10'] },
      'cluster-mixed.test': { A: ['93.184.216.34', '34.118.239.254'] },
      'cluster-v6.test': { AAAA: ['2600:1900:4000::10'] },
      'public.test': { A: ['93.184.216.34'] },
    });
    const resolver = dnsResolver({ servers: [dns.address], timeoutMs: 200, tries: 1, maxTimeoutMs: 200 });
    policyOf = (allowedHosts, deniedNetworks) => webhookTargetPolicy({ allowedHosts, deniedNetworks, resolver });
  });

  afterAll(() => dns.close());

  it('refuses a name resolving into a denied network (any of its addresses), which the public-address rule alone takes', async () => {
    const target = (url: string, denied: string) => resolveWebhookTarget(new URL(url), policyOf('', denied));
    await expect(target('https://cluster-service.test/hook', '')).resolves.toEqual({ address: '34.118.224.10', family: 4 });
    await expect(target('https://cluster-service.test/hook', CLUSTER)).rejects.toThrow(
      'the host cluster-service.test resolves to 34.118.224.10, an address of WEBHOOK_DENIED_NETWORKS',
    );
    await expect(target('https://cluster-mixed.test/hook', CLUSTER)).rejects.toThrow('resolves to 34.118.239.254, an address of WEBHOOK_DENIED_NETWORKS');
    await expect(target('https://cluster-v6.test/hook', CLUSTER)).rejects.toThrow('resolves to 2600:1900:4000::10, an address of WEBHOOK_DENIED_NETWORKS');
    await expect(target('https://public.test/hook', CLUSTER)).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a denied address even when WEBHOOK_ALLOWED_HOSTS lists it or its name, and its IPv6 forms', async () => {
    const target = (url: string) => resolveWebhookTarget(new URL(url), policyOf('127.0.0.2,localhost', '127.0.0.0/8,::1/128'));
    await expect(target('http://127.0.0.2:9/hook')).rejects.toThrow('the host 127.0.0.2 resolves to 127.0.0.2, an address of WEBHOOK_DENIED_NETWORKS');
    // An allowed name is resolved by the system (the hosts file): localhost.
    await expect(target('http://localhost:9/hook')).rejects.toThrow('an address of WEBHOOK_DENIED_NETWORKS');
    await expect(resolveWebhookTarget(new URL('http://localhost:9/hook'), policyOf('localhost', ''))).resolves.toEqual(expect.objectContaining({}));
    await expect(target('https://[::ffff:127.0.0.2]/hook')).rejects.toThrow(WebhookTargetRefused);
    await expect(resolveWebhookTarget(new URL('https://[64:ff9b::2276:e00a]/'), policyOf('', CLUSTER))).rejects.toThrow(
      'an address of WEBHOOK_DENIED_NETWORKS',
    );
  });
});

describe('WEBHOOK_DNS_SERVERS', () => {
  it('reads addresses with optional ports, IPv6 in brackets with a port', () => {
    expect(parseDnsServers('10.0.0.2, 10.0.0.3:5353,fd00::53,[fd00::53]:5353')).toEqual(['10.0.0.2', '10.0.0.3:5353', 'fd00::53', '[fd00::53]:5353']);
    expect(parseDnsServers('')).toEqual([]);
    for (const bad of ['dns.example', '10.0.0.2:0', '10.0.0.2:65536', '[10.0.0.2]:53', 'fd00::53:', 'fe80::1%eth0', '10.0.0'])
      expect(parseDnsServers(bad)).toBeUndefined();
  });
});
