import { loadConfig } from '@gateway/platform';
import { documentedDefaults } from '@gateway/testing';
import { PublicGatewayConfig, webhookDeniedPorts } from './public-gateway.config';

const base = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/db', KEY_ENCRYPTION_KEY: 'A'.repeat(43) + '=' };

describe('PublicGatewayConfig', () => {
  it.each([
    ['PUBLIC_GATEWAY_PORT', '0', 'must be an integer between 1 and 65535'],
    ['PUBLIC_GATEWAY_PORT', 'http', 'must be an integer between 1 and 65535'],
    ['KEY_ENCRYPTION_KEY', 'short', 'must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)'],
    ['ACCESS_TOKEN_TTL_SECONDS', '59', 'must be an integer number of seconds between 60 and 3600'],
    ['TOKEN_RATE_LIMIT_PER_MINUTE', '1.5', 'must be an integer between 1 and 100000'],
    ['FAILED_AUTH_LIMIT_PER_CLIENT', '0', 'must be an integer between 1 and 100000'],
    ['API_RATE_LIMIT_PER_MINUTE', '0', 'must be an integer between 1 and 1000000000'],
    ['API_RATE_LIMIT_PER_MINUTE', '1000000001', 'must be an integer between 1 and 1000000000'],
    ['API_RATE_LIMIT_PER_MINUTE', '6000.5', 'must be an integer between 1 and 1000000000'],
    ['API_RATE_LIMIT_ENABLED', 'off', 'must be true or false'],
    ['FAILED_AUTH_LIMIT_PER_ADDRESS', '100001', 'must be an integer between 1 and 100000'],
    ['FAILED_AUTH_WINDOW_SECONDS', '86401', 'must be an integer number of seconds between 1 and 86400'],
    ['IDEMPOTENCY_RETENTION_DAYS', '91', 'must be an integer number of days between 92 and 3650'],
    ['WEBHOOK_ALLOWED_HOSTS', 'a b', 'must be comma-separated host names or addresses, each with an optional :port (IPv6 in brackets then)'],
    ['WEBHOOK_ALLOWED_HOSTS', '127.0.0.1:99999', 'must be comma-separated host names or addresses, each with an optional :port (IPv6 in brackets then)'],
    ['WEBHOOK_ALLOWED_HOSTS', 'localhost:http', 'must be comma-separated host names or addresses, each with an optional :port (IPv6 in brackets then)'],
    ['WEBHOOK_DENIED_PORTS', '3001;9464', 'must be comma-separated port numbers from 1 to 65535'],
    ['WEBHOOK_DNS_SERVERS', 'dns.example', 'must be comma-separated name server addresses, each with an optional :port (IPv6 in brackets then)'],
    ['WEBHOOK_DNS_SERVERS', '127.0.0.1:0', 'must be comma-separated name server addresses, each with an optional :port (IPv6 in brackets then)'],
    ['WEBHOOK_DNS_SERVERS', 'fd00::53:5353x', 'must be comma-separated name server addresses, each with an optional :port (IPv6 in brackets then)'],
    ['WEBHOOK_DENIED_PORTS', '0', 'must be comma-separated port numbers from 1 to 65535'],
    ['WEBHOOK_DENIED_PORTS', 'internal', 'must be comma-separated port numbers from 1 to 65535'],
    ['WEBHOOK_DENIED_NETWORKS', '34.118.224.0', 'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)'],
    ['WEBHOOK_DENIED_NETWORKS', '34.118.224.0/33', 'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)'],
    ['WEBHOOK_DENIED_NETWORKS', '10.0.0.0/8;34.118.224.0/20', 'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)'],
    ['WEBHOOK_DENIED_NETWORKS', 'cluster.local/16', 'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)'],
    ['WEBHOOK_DENIED_NETWORKS', 'fd00::/129', 'must be comma-separated CIDRs, an address and a prefix length each (34.118.224.0/20, fd00::/8)'],
    ['TRUST_PROXY', 'maybe', 'must be true, false or the number of proxies in front of the gateway, 0 to 10'],
    ['WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION', '0', 'must be an integer between 1 and 1000'],
    ['WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION', 'many', 'must be an integer between 1 and 1000'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '0', 'must be an integer number of days between 1 and 3650'],
    ['WEBHOOK_DELIVERY_RETENTION_DAYS', '3651', 'must be an integer number of days between 1 and 3650'],
    ['WEBHOOK_DISABLE_AFTER_FAILING_SECONDS', '0', 'must be an integer number of seconds between 1 and 31536000'],
    ['WEBHOOK_DISABLE_AFTER_FAILING_SECONDS', '31536001', 'must be an integer number of seconds between 1 and 31536000'],
    ['WEBHOOK_DISABLE_AFTER_FAILING_SECONDS', '1.5', 'must be an integer number of seconds between 1 and 31536000'],
    ['WEBHOOK_MAX_PER_ORGANIZATION', '0', 'must be an integer between 1 and 1000'],
    ['SANDBOX_AUTO_ADVANCE_SECONDS', '-1', 'must be an integer number of seconds between 0 and 3600'],
    ['SANDBOX_AUTO_ADVANCE_SECONDS', '3601', 'must be an integer number of seconds between 0 and 3600'],
    ['SANDBOX_AUTO_ADVANCE_SECONDS', '0.5', 'must be an integer number of seconds between 0 and 3600'],
    ['METRICS_PORT', '65536', 'must be a port number between 1 and 65535'],
    ['METRICS_PORT', '3000', 'must differ from PUBLIC_GATEWAY_PORT'],
  ])('refuses %s=%p with its message', (variable, value, message) => {
    expect(() => loadConfig(PublicGatewayConfig, { ...base, [variable]: value })).toThrow(`Invalid configuration: ${variable} ${message}`);
  });

  it('moves an auto-advancing sandbox on every 5 seconds by default, and takes 0 to 3600', () => {
    expect(loadConfig(PublicGatewayConfig, base).SANDBOX_AUTO_ADVANCE_SECONDS).toBe(5);
    for (const seconds of [0, 1, 3600])
      expect(loadConfig(PublicGatewayConfig, { ...base, SANDBOX_AUTO_ADVANCE_SECONDS: String(seconds) }).SANDBOX_AUTO_ADVANCE_SECONDS).toBe(seconds);
  });

  it('counts 6000 requests a minute per client by default, and takes any whole number from 1 to 1,000,000,000', () => {
    expect(loadConfig(PublicGatewayConfig, base).API_RATE_LIMIT_PER_MINUTE).toBe(6000);
    for (const limit of [1, 100_000_000, 1_000_000_000])
      expect(loadConfig(PublicGatewayConfig, { ...base, API_RATE_LIMIT_PER_MINUTE: String(limit) }).API_RATE_LIMIT_PER_MINUTE).toBe(limit);
  });

  it("denies webhooks WEBHOOK_DENIED_PORTS and this gateway's own API and metrics ports", () => {
    expect(webhookDeniedPorts(loadConfig(PublicGatewayConfig, { ...base, WEBHOOK_DENIED_PORTS: '3001, 9465' }))).toEqual([3001, 9465, 3000]);
    expect(
      webhookDeniedPorts(loadConfig(PublicGatewayConfig, { ...base, PUBLIC_GATEWAY_PORT: '8080', METRICS_PORT: '9464', WEBHOOK_DENIED_PORTS: '3001,9464' })),
    ).toEqual([3001, 9464, 8080]);
    expect(webhookDeniedPorts(loadConfig(PublicGatewayConfig, base))).toEqual([3000]);
  });

  it('reads WEBHOOK_DENIED_NETWORKS: comma-separated IPv4 and IPv6 CIDRs, empty by default', () => {
    expect(loadConfig(PublicGatewayConfig, base).WEBHOOK_DENIED_NETWORKS).toBe('');
    const value = '34.118.224.0/20, 10.4.0.0/14,fd00:10::/48';
    expect(loadConfig(PublicGatewayConfig, { ...base, WEBHOOK_DENIED_NETWORKS: value }).WEBHOOK_DENIED_NETWORKS).toBe(value);
  });

  it('reads WEBHOOK_ALLOWED_HOSTS with ports', () => {
    expect(loadConfig(PublicGatewayConfig, { ...base, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:9000,localhost,[::1]:9001,::1' }).WEBHOOK_ALLOWED_HOSTS).toBe(
      '127.0.0.1:9000,localhost,[::1]:9001,::1',
    );
  });

  it('reads the webhook delivery limits, with their defaults', () => {
    expect(loadConfig(PublicGatewayConfig, base)).toEqual(
      expect.objectContaining({
        WEBHOOK_MAX_CONCURRENCY: 128,
        WEBHOOK_MAX_PER_ENDPOINT: 8,
        WEBHOOK_MAX_PER_ORGANIZATION: 64,
        WEBHOOK_DISABLE_AFTER_FAILING_SECONDS: 432000,
      }),
    );
    expect(loadConfig(PublicGatewayConfig, { ...base, WEBHOOK_DISABLE_AFTER_FAILING_SECONDS: '31536000' }).WEBHOOK_DISABLE_AFTER_FAILING_SECONDS).toBe(
      31536000,
    );
  });

  it("has the defaults README.md's table of variables states", () => {
    const defaults = documentedDefaults(loadConfig(PublicGatewayConfig, base));
    expect(defaults.length).toBeGreaterThanOrEqual(30);
    expect(defaults.filter(([, documented, actual]) => documented !== actual)).toEqual([]);
  });
});
