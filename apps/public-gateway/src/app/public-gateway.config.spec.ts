import { loadConfig } from '@gateway/platform';
import { PublicGatewayConfig } from './public-gateway.config';

const base = { DATABASE_URL: 'postgresql://u:p@127.0.0.1:5432/db', KEY_ENCRYPTION_KEY: 'A'.repeat(43) + '=' };

describe('PublicGatewayConfig', () => {
  it.each([
    ['PUBLIC_GATEWAY_PORT', '0', 'must be an integer between 1 and 65535'],
    ['PUBLIC_GATEWAY_PORT', 'http', 'must be an integer between 1 and 65535'],
    ['KEY_ENCRYPTION_KEY', 'short', 'must be 32 bytes, base64-encoded (e.g. `openssl rand -base64 32`)'],
    ['ACCESS_TOKEN_TTL_SECONDS', '59', 'must be an integer number of seconds between 60 and 3600'],
    ['TOKEN_RATE_LIMIT_PER_MINUTE', '1.5', 'must be an integer between 1 and 100000'],
    ['FAILED_AUTH_LIMIT_PER_CLIENT', '0', 'must be an integer between 1 and 100000'],
    ['FAILED_AUTH_LIMIT_PER_ADDRESS', '100001', 'must be an integer between 1 and 100000'],
    ['FAILED_AUTH_WINDOW_SECONDS', '86401', 'must be an integer number of seconds between 1 and 86400'],
    ['IDEMPOTENCY_RETENTION_DAYS', '91', 'must be an integer number of days between 92 and 3650'],
    ['WEBHOOK_ALLOWED_HOSTS', 'a b', 'must be comma-separated host names or addresses'],
    ['WEBHOOK_DISABLE_AFTER_FAILING_SECONDS', '0', 'must be an integer number of seconds between 1 and 31536000'],
    ['WEBHOOK_DISABLE_AFTER_FAILING_SECONDS', '31536001', 'must be an integer number of seconds between 1 and 31536000'],
    ['WEBHOOK_DISABLE_AFTER_FAILING_SECONDS', '1.5', 'must be an integer number of seconds between 1 and 31536000'],
    ['WEBHOOK_MAX_PER_ORGANIZATION', '0', 'must be an integer between 1 and 1000'],
    ['METRICS_PORT', '65536', 'must be a port number between 1 and 65535'],
    ['METRICS_PORT', '3000', 'must differ from PUBLIC_GATEWAY_PORT'],
  ])('refuses %s=%p with its message', (variable, value, message) => {
    expect(() => loadConfig(PublicGatewayConfig, { ...base, [variable]: value })).toThrow(`Invalid configuration: ${variable} ${message}`);
  });

  it('reads the webhook delivery limits, with their defaults', () => {
    expect(loadConfig(PublicGatewayConfig, base)).toEqual(
      expect.objectContaining({ WEBHOOK_MAX_CONCURRENCY: 128, WEBHOOK_MAX_PER_ENDPOINT: 8, WEBHOOK_MAX_PER_ORGANIZATION: 64, WEBHOOK_DISABLE_AFTER_FAILING_SECONDS: 432000 }),
    );
    expect(loadConfig(PublicGatewayConfig, { ...base, WEBHOOK_DISABLE_AFTER_FAILING_SECONDS: '31536000' }).WEBHOOK_DISABLE_AFTER_FAILING_SECONDS).toBe(31536000);
  });
});
