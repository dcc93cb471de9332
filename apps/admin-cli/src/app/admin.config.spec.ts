import { loadConfig } from '@gateway/platform';
import { AdminConfig } from './admin.config';

describe('AdminConfig', () => {
  it.each([
    ['DATABASE_URL', 'mysql://x', 'must be a postgres:// connection URL'],
    ['DATABASE_RUNTIME_URL', 'gateway_runtime:secret', 'must be a postgres:// connection URL'],
    ['KEY_ENCRYPTION_KEY', 'short', 'must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)'],
    ['LOG_LEVEL', 'loud', 'must be one of fatal, error, warn, info, debug, trace, silent'],
  ])('refuses %s=%p with its message', (variable, value, message) => {
    expect(() => loadConfig(AdminConfig, { [variable]: value })).toThrow(`Invalid configuration: ${variable} ${message}`);
  });
});
