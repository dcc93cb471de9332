import { ConfigError, loadConfig } from './load-config';
import { GatewayConfig } from './gateway.config';

const base = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/db' };

describe('loadConfig', () => {
  it('applies defaults and converts types', () => {
    const config = loadConfig(GatewayConfig, { ...base, DATABASE_POOL_MAX: '7', TRUST_PROXY: 'true' });
    expect(config.DATABASE_POOL_MAX).toBe(7);
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(config.LOG_LEVEL).toBe('info');
    expect([config.TOKEN_CACHE_ENABLED, config.TOKEN_CACHE_MAX_ENTRIES]).toEqual([true, 10000]);
    const off = loadConfig(GatewayConfig, { ...base, TOKEN_CACHE_ENABLED: 'false', TOKEN_CACHE_MAX_ENTRIES: '500' });
    expect([off.TOKEN_CACHE_ENABLED, off.TOKEN_CACHE_MAX_ENTRIES]).toEqual([false, 500]);
    expect(loadConfig(GatewayConfig, { ...base, PUBLIC_BASE_URL: 'https://api.example.com/' }).PUBLIC_BASE_URL).toBe('https://api.example.com');
  });

  it.each([
    [undefined, 0],
    ['false', 0],
    ['0', 0],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['10', 10],
  ])('reads TRUST_PROXY=%p as %p trusted proxies', (value, proxies) => {
    expect(loadConfig(GatewayConfig, { ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY).toBe(proxies);
  });

  it('keeps only declared variables', () => {
    const config = loadConfig(GatewayConfig, { ...base, AWS_SECRET_ACCESS_KEY: 'nope' }) as unknown as Record<string, unknown>;
    expect(config.AWS_SECRET_ACCESS_KEY).toBeUndefined();
  });

  it.each([
    [{ DATABASE_POOL_MAX: 'ten' }, 'Invalid configuration: DATABASE_POOL_MAX must be an integer between 1 and 100'],
    [{ DATABASE_POOL_MAX: '0' }, 'Invalid configuration: DATABASE_POOL_MAX must be an integer between 1 and 100'],
    [{ LOG_LEVEL: 'loud' }, 'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ PUBLIC_BASE_URL: 'ftp://x' }, 'Invalid configuration: PUBLIC_BASE_URL must be an http(s) URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid configuration: DATABASE_URL must be a postgres:// connection URL'],
    [{ TOKEN_CACHE_ENABLED: 'maybe' }, 'Invalid configuration: TOKEN_CACHE_ENABLED must be true or false'],
    [{ TOKEN_CACHE_MAX_ENTRIES: '0' }, 'Invalid configuration: TOKEN_CACHE_MAX_ENTRIES must be an integer between 1 and 1000000'],
    [{ TOKEN_CACHE_MAX_ENTRIES: 'many' }, 'Invalid configuration: TOKEN_CACHE_MAX_ENTRIES must be an integer between 1 and 1000000'],
    [{ NODE_ENV: 'dev' }, 'Invalid configuration: NODE_ENV must be one of development, production, test'],
    [
      { DATABASE_CONNECT_TIMEOUT_MS: '99' },
      'Invalid configuration: DATABASE_CONNECT_TIMEOUT_MS must be an integer number of milliseconds between 100 and 60000',
    ],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '600001' },
      'Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS must be an integer number of milliseconds between 100 and 600000',
    ],
    [{ INTERNAL_AUDIENCE: 'a b' }, 'Invalid configuration: INTERNAL_AUDIENCE must be 1 to 200 characters without spaces'],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'Invalid configuration: SHUTDOWN_GRACE_MS must be an integer number of milliseconds between 0 and 120000'],
    [{ SHUTDOWN_DELAY_MS: '120001' }, 'Invalid configuration: SHUTDOWN_DELAY_MS must be an integer number of milliseconds between 0 and 120000'],
    [{ TRUST_PROXY: 'yes' }, 'Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of the gateway, 0 to 10'],
    [{ TRUST_PROXY: '-1' }, 'Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of the gateway, 0 to 10'],
    [{ TRUST_PROXY: '1.5' }, 'Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of the gateway, 0 to 10'],
    [{ TRUST_PROXY: '11' }, 'Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of the gateway, 0 to 10'],
    [{ TRUST_PROXY: 'loopback' }, 'Invalid configuration: TRUST_PROXY must be true, false or the number of proxies in front of the gateway, 0 to 10'],
    [{ HTTP_HEADERS_TIMEOUT_MS: '50' }, 'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must be an integer number of milliseconds between 100 and 600000'],
    [{ HTTP_REQUEST_TIMEOUT_MS: '5000' }, 'Invalid configuration: HTTP_REQUEST_TIMEOUT_MS must be at least HTTP_HEADERS_TIMEOUT_MS'],
    [{ HTTP_MAX_CONNECTIONS: '0' }, 'Invalid configuration: HTTP_MAX_CONNECTIONS must be an integer between 1 and 100000'],
    [{ METRICS_HOST: 'localhost' }, 'Invalid configuration: METRICS_HOST must be an IP address to bind to, e.g. 127.0.0.1 or 0.0.0.0'],
  ])('refuses %p with one line naming the variable', (env, message) => {
    expect(() => loadConfig(GatewayConfig, { ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig(GatewayConfig, { ...base, ...env })).toThrow(message);
  });

  it('requires DATABASE_URL', () => {
    expect(() => loadConfig(GatewayConfig, {})).toThrow('Invalid configuration: DATABASE_URL must be a postgres:// connection URL');
  });
});
