import { loadConfig } from '@gateway/platform';
import { documentedDefaults } from '@gateway/testing';
import { InternalGatewayConfig } from './internal-gateway.config';

const base = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/db' };

describe('InternalGatewayConfig', () => {
  it.each([
    ['INTERNAL_GATEWAY_PORT', '0', 'must be a port number between 1 and 65535'],
    ['INTERNAL_GATEWAY_PORT', 'x', 'must be a port number between 1 and 65535'],
    ['JOB_POLLING_INTERVAL_SECONDS', '0.4', 'must be a number of seconds between 0.5 and 60'],
    ['JOB_WORKERS', 'sometimes', 'must be true or false'],
    ['API_RATE_LIMIT_PER_MINUTE', '0', 'must be an integer between 1 and 1000000000'],
    ['API_RATE_LIMIT_PER_MINUTE', '1000000001', 'must be an integer between 1 and 1000000000'],
    ['API_RATE_LIMIT_PER_MINUTE', '6000.5', 'must be an integer between 1 and 1000000000'],
    ['API_RATE_LIMIT_ENABLED', 'off', 'must be true or false'],
    ['ISSUER_DISCOVERY_URL', 'ftp://x', 'must be an http(s) URL'],
    ['METRICS_PORT', 'x', 'must be a port number between 1 and 65535'],
    ['METRICS_PORT', '3001', 'must differ from INTERNAL_GATEWAY_PORT'],
    ['TRUST_PROXY', '1,2', 'must be true, false or the number of proxies in front of the gateway, 0 to 10'],
  ])('refuses %s=%p with its message', (variable, value, message) => {
    expect(() => loadConfig(InternalGatewayConfig, { ...base, [variable]: value })).toThrow(`Invalid configuration: ${variable} ${message}`);
  });

  it('counts 6000 requests a minute per client by default, and takes any whole number from 1 to 1,000,000,000', () => {
    expect(loadConfig(InternalGatewayConfig, base).API_RATE_LIMIT_PER_MINUTE).toBe(6000);
    for (const limit of [1, 100_000_000, 1_000_000_000])
      expect(loadConfig(InternalGatewayConfig, { ...base, API_RATE_LIMIT_PER_MINUTE: String(limit) }).API_RATE_LIMIT_PER_MINUTE).toBe(limit);
  });

  it('reads TRUST_PROXY as a number of proxies', () => {
    expect(loadConfig(InternalGatewayConfig, { ...base, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig(InternalGatewayConfig, { ...base, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
  });

  it("has the defaults README.md's table of variables states", () => {
    const defaults = documentedDefaults(loadConfig(InternalGatewayConfig, base));
    expect(defaults.length).toBeGreaterThanOrEqual(19);
    expect(defaults.filter(([, documented, actual]) => documented !== actual)).toEqual([]);
  });
});
