import { ConfigError, loadConfig } from './load-config';
import { GatewayConfig } from './gateway.config';

const base = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/db' };

describe('loadConfig', () => {
  it('applies defaults and converts types', () => {
    const config = loadConfig(GatewayConfig, { ...base, DATABASE_POOL_MAX: '7', TRUST_PROXY: 'true' });
    expect(config.DATABASE_POOL_MAX).toBe(7);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(config.LOG_LEVEL).toBe('info');
    expect([config.TOKEN_CACHE_ENABLED, config.TOKEN_CACHE_MAX_ENTRIES]).toEqual([true, 10000]);
    const off = loadConfig(GatewayConfig, { ...base, TOKEN_CACHE_ENABLED: 'false', TOKEN_CACHE_MAX_ENTRIES: '500' });
    expect([off.TOKEN_CACHE_ENABLED, off.TOKEN_CACHE_MAX_ENTRIES]).toEqual([false, 500]);
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
  ])('refuses %p with one line naming the variable', (env, message) => {
    expect(() => loadConfig(GatewayConfig, { ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig(GatewayConfig, { ...base, ...env })).toThrow(message);
  });

  it('requires DATABASE_URL', () => {
    expect(() => loadConfig(GatewayConfig, {})).toThrow('Invalid configuration: DATABASE_URL must be a postgres:// connection URL');
  });
});
