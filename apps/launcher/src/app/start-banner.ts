// What `npm start` prints once both gateways listen: where they are, and how to call the public one.
import { DemoClient, DemoSandbox, demoClientFile, demoSandboxFile } from './demo-client';

export interface BannerInput {
  publicUrl: string;
  /** PUBLIC_BASE_URL, printed when it is not the URL served. */
  issuer: string;
  internalUrl: string;
  metrics: { name: string; port: number }[];
  dataDir: string;
  demoClient?: DemoClient;
  demoSandbox?: DemoSandbox;
  /** On a terminal the secret is printed; elsewhere (a log file, CI) the command reads it from its file. */
  terminal: boolean;
}

/** A word for a POSIX shell, quoted only when it needs to be. */
export const shellWord = (value: string): string => (/^[A-Za-z0-9@%+=:,./_-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

export function startBanner(input: BannerInput): string[] {
  const docs = (url: string) => `${url}  (docs ${url}/docs, OpenAPI ${url}/openapi.json)`;
  const lines = [`[start] public gateway:   ${docs(input.publicUrl)}`];
  if (input.issuer !== input.publicUrl) lines.push(`[start] public gateway token issuer (PUBLIC_BASE_URL): ${input.issuer}`);
  lines.push(`[start] internal gateway: ${docs(input.internalUrl)}`);
  for (const { name, port } of input.metrics) lines.push(`[start] ${name} gateway metrics: http://127.0.0.1:${port}/metrics`);
  const client = input.demoClient;
  if (client) {
    const file = demoClientFile(input.dataDir);
    const secret = input.terminal ? client.client_secret : `$(jq -r .client_secret ${shellWord(file)})`;
    lines.push(
      `[start] demo client ${client.client_id} (SERVICE, public audience, client_secret_basic: also for Authorize in /docs; credentials in ${file}). A token, then whoami:`,
      '',
      `  TOKEN=$(curl -s -u "${client.client_id}:${secret}" ${input.publicUrl}/oauth2/token -d grant_type=client_credentials | jq -r .access_token)`,
      `  curl -s ${input.publicUrl}/v0/whoami -H "Authorization: Bearer $TOKEN"`,
      '',
    );
  }
  const sandbox = input.demoSandbox;
  if (sandbox) {
    const file = demoSandboxFile(input.dataDir);
    const secret = input.terminal ? sandbox.client.client_secret : `$(jq -r .client.client_secret ${shellWord(file)})`;
    const org = `${input.publicUrl}/v0/organizations/${sandbox.organization.id}`;
    const json = `-H "Authorization: Bearer $SANDBOX_TOKEN" -H 'Content-Type: application/json'`;
    const order = JSON.stringify({
      orderReference: 'try-1',
      customer: { firstName: 'Ada' },
      lineItems: [{ sku: sandbox.retailUnits[0]?.sku ?? 'SANDBOX-MUG', quantity: 1 }],
    });
    lines.push(
      `[start] sandbox organization ${sandbox.organization.id} (nothing of it reaches a warehouse or is billed), its client ${sandbox.client.client_id} (ORGANIZATION, client_secret_post; credentials in ${file}). A token, an order, then its shipment simulated (POST /v0/organizations/{id}/sandbox/simulations {"action":"SHIP","salesOrderId":"..."}):`,
      '',
      `  SANDBOX_TOKEN=$(curl -s ${input.publicUrl}/oauth2/token -d grant_type=client_credentials -d client_id=${sandbox.client.client_id} -d "client_secret=${secret}" | jq -r .access_token)`,
      `  ORDER_ID=$(curl -s ${org}/stores/${sandbox.store.id}/sales-orders ${json} -d '${order}' | jq -r .id)`,
      `  curl -s ${org}/sandbox/simulations ${json} -d '{"action":"SHIP","salesOrderId":"'"$ORDER_ID"'"}'`,
      '',
    );
  }
  lines.push('[start] Ctrl-C stops everything');
  return lines;
}
