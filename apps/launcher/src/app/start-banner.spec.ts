import { shellWord, startBanner } from './start-banner';

describe('the start banner', () => {
  const input = {
    publicUrl: 'http://localhost:3000',
    issuer: 'http://localhost:3000',
    internalUrl: 'http://localhost:3001',
    metrics: [],
    dataDir: '.data',
    demoClient: { client_id: 'cl_abc', client_secret: 's3cr3t_-x' },
  };

  it('prints the secret on a terminal', () => {
    expect(startBanner({ ...input, terminal: true })).toEqual([
      '[start] public gateway:   http://localhost:3000  (docs http://localhost:3000/docs, OpenAPI http://localhost:3000/openapi.json)',
      '[start] internal gateway: http://localhost:3001  (docs http://localhost:3001/docs, OpenAPI http://localhost:3001/openapi.json)',
      '[start] demo client cl_abc (SERVICE, public audience, client_secret_basic: also for Authorize in /docs; credentials in .data/demo-client.json). A token, then whoami:',
      '',
      '  TOKEN=$(curl -s -u "cl_abc:s3cr3t_-x" http://localhost:3000/oauth2/token -d grant_type=client_credentials | jq -r .access_token)',
      '  curl -s http://localhost:3000/v0/whoami -H "Authorization: Bearer $TOKEN"',
      '',
      '[start] Ctrl-C stops everything',
    ]);
  });

  it('elsewhere reads the secret from its file, and quotes a path that needs it', () => {
    const lines = startBanner({ ...input, dataDir: "/tmp/it's here", terminal: false });
    expect(lines[4]).toBe(
      `  TOKEN=$(curl -s -u "cl_abc:$(jq -r .client_secret '/tmp/it'\\''s here/demo-client.json')" http://localhost:3000/oauth2/token -d grant_type=client_credentials | jq -r .access_token)`,
    );
    expect(lines.join('\n')).not.toContain('s3cr3t');
  });

  it('without a demo client (quiet) prints the URLs only', () => {
    expect(startBanner({ ...input, demoClient: undefined, terminal: true })).toHaveLength(3);
  });

  it('quotes shell words only when needed', () => {
    expect([shellWord('cl_a-b.c'), shellWord('a b'), shellWord('$x')]).toEqual(['cl_a-b.c', "'a b'", "'$x'"]);
  });
});
