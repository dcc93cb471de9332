import { loadConfig } from '@gateway/platform';
import { LauncherConfig, webhookDeniedPorts } from './launcher.config';

describe('LauncherConfig', () => {
  it.each([
    ['DATABASE_URL', 'mysql://x', 'must be a postgres:// connection URL'],
    ['PUBLIC_GATEWAY_PORT', '0', 'must be a port number between 1 and 65535'],
    ['INTERNAL_GATEWAY_PORT', '65536', 'must be a port number between 1 and 65535'],
    ['PUBLIC_METRICS_PORT', 'x', 'must be a port number between 1 and 65535'],
    ['INTERNAL_METRICS_PORT', '1.5', 'must be a port number between 1 and 65535'],
    ['PUBLIC_BASE_URL', 'ftp://x', 'must be an http(s) URL'],
    ['LOG_LEVEL', 'loud', 'must be one of fatal, error, warn, info, debug, trace, silent'],
    ['START_QUIET', 'yes', 'must be true or false'],
  ])('refuses %s=%p with its message', (variable, value, message) => {
    expect(() => loadConfig(LauncherConfig, { [variable]: value })).toThrow(`Invalid configuration: ${variable} ${message}`);
  });

  it("denies webhooks both gateways' ports and metrics ports, and keeps the operator's", () => {
    expect(webhookDeniedPorts(loadConfig(LauncherConfig, {}), undefined)).toBe('3000,3001');
    expect(
      webhookDeniedPorts(
        loadConfig(LauncherConfig, { PUBLIC_GATEWAY_PORT: '8000', INTERNAL_GATEWAY_PORT: '8001', PUBLIC_METRICS_PORT: '9464', INTERNAL_METRICS_PORT: '9465' }),
        '5432, 8001',
      ),
    ).toBe('5432,8001,8000,9464,9465');
  });
});
