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

  it('prints the demo sandbox: its token, an order and a simulated shipment, the secret from its file elsewhere', () => {
    const sandbox = {
      organization: { id: '6d0c4a1e-5b7f-4c2d-9e8a-1f2b3c4d5e6f', name: 'Sandbox (npm start)' },
      client: { client_id: 'cl_sbx', client_secret: 'sbx_secret' },
      store: { id: 'sandbox-store-6d0c4a1e-5b7f-4c2d-9e8a-1f2b3c4d5e6f' },
      retailUnits: [{ sku: 'SANDBOX-TSHIRT-M' }],
    };
    const org = 'http://localhost:3000/v0/organizations/6d0c4a1e-5b7f-4c2d-9e8a-1f2b3c4d5e6f';
    const headers = `-H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Content-Type: application/json'`;
    const lines = startBanner({ ...input, demoClient: undefined, demoSandbox: sandbox, terminal: false });
    expect(lines.slice(2)).toEqual([
      '[start] sandbox organization 6d0c4a1e-5b7f-4c2d-9e8a-1f2b3c4d5e6f (nothing of it reaches a warehouse or is billed), its client cl_sbx (ORGANIZATION, client_secret_post; credentials in .data/sandbox.json). A token, an order, then its shipment simulated (POST /v0/organizations/{id}/sandbox/simulations {"action":"SHIP","salesOrderId":"..."}):',
      '',
      '  SANDBOX_TOKEN=$(curl -s http://localhost:3000/oauth2/token -d grant_type=client_credentials -d client_id=cl_sbx -d "client_secret=$(jq -r .client.client_secret .data/sandbox.json)" | jq -r .access_token)',
      `  ORDER_ID=$(curl -s ${org}/stores/sandbox-store-6d0c4a1e-5b7f-4c2d-9e8a-1f2b3c4d5e6f/sales-orders ${headers} -d '{"orderReference":"try-1","customer":{"firstName":"Ada"},"lineItems":[{"sku":"SANDBOX-TSHIRT-M","quantity":1}]}' | jq -r .id)`,
      `  curl -s ${org}/sandbox/simulations ${headers} -d '{"action":"SHIP","salesOrderId":"'"$ORDER_ID"'"}'`,
      '',
      '[start] Ctrl-C stops everything',
    ]);
    expect(lines.join('\n')).not.toContain('sbx_secret');
    expect(startBanner({ ...input, demoClient: undefined, demoSandbox: sandbox, terminal: true })[4]).toContain('-d "client_secret=sbx_secret"');
  });

  it('without a demo client (quiet) prints the URLs only', () => {
    expect(startBanner({ ...input, demoClient: undefined, terminal: true })).toHaveLength(3);
  });

  it('quotes shell words only when needed', () => {
    expect([shellWord('cl_a-b.c'), shellWord('a b'), shellWord('$x')]).toEqual(['cl_a-b.c', "'a b'", "'$x'"]);
  });
});
