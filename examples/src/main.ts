// npm run example: the quickstart against a running public gateway. Credentials: CLIENT_ID and CLIENT_SECRET
// (CLIENT_AUTH_METHOD client_secret_post by default), else the demo client `npm start` keeps in DATA_DIR.
// npm run example -- fulfilment: the fulfilment walkthrough, which also drives the internal gateway
// (INTERNAL_GATEWAY_URL) as staff tools do, with a client of the internal audience (INTERNAL_CLIENT_ID and
// INTERNAL_CLIENT_SECRET, client_secret_post), and receives webhooks on 127.0.0.1 (WEBHOOK_RECEIVER_HOST).
// npm run example -- inbound: stock announced with the SDK and received in two parts, the same way.
// npm run example -- sandbox: an order of a sandbox organization moved on by simulations, with the sandbox's
// own client: CLIENT_ID, CLIENT_SECRET, ORGANIZATION_ID and STORE_ID, else the sandbox `npm start` keeps in
// DATA_DIR/sandbox.json. A second order then waits for auto-advance (AUTO_ADVANCE_WAIT_SECONDS, 300; 0: none).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClientAuthMethod, createPublicClient } from '@gateway/sdk';
import { createInternalClient } from '@gateway/sdk/internal';
import { fulfilmentWalkthrough } from './fulfilment-walkthrough';
import { inboundWalkthrough } from './inbound-walkthrough';
import { quickstart } from './quickstart';
import { sandboxWalkthrough } from './sandbox-walkthrough';

function credentials(): { clientId: string; clientSecret: string; authMethod: ClientAuthMethod } {
  const { CLIENT_ID, CLIENT_SECRET, CLIENT_AUTH_METHOD } = process.env;
  if (CLIENT_ID && CLIENT_SECRET)
    return {
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      authMethod: CLIENT_AUTH_METHOD === 'client_secret_basic' ? 'client_secret_basic' : 'client_secret_post',
    };
  const file = join(process.env.DATA_DIR ?? '.data', 'demo-client.json');
  try {
    const demo = JSON.parse(readFileSync(file, 'utf8'));
    return { clientId: demo.client_id, clientSecret: demo.client_secret, authMethod: 'client_secret_basic' };
  } catch {
    throw new Error(`set CLIENT_ID and CLIENT_SECRET, or run \`npm start\` first (it keeps a demo client in ${file})`);
  }
}

/** The sandbox organization, its store and its client: from the environment, else `npm start`'s sandbox.json. */
function sandboxCredentials() {
  const { CLIENT_ID, CLIENT_SECRET, ORGANIZATION_ID, STORE_ID } = process.env;
  if (CLIENT_ID && CLIENT_SECRET && ORGANIZATION_ID && STORE_ID)
    return { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, organizationId: ORGANIZATION_ID, storeId: STORE_ID };
  const file = join(process.env.DATA_DIR ?? '.data', 'sandbox.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    return { clientId: stored.client.client_id, clientSecret: stored.client.client_secret, organizationId: stored.organization.id, storeId: stored.store.id };
  } catch {
    throw new Error(`set CLIENT_ID, CLIENT_SECRET, ORGANIZATION_ID and STORE_ID, or run \`npm start\` first (it keeps a sandbox in ${file})`);
  }
}

async function main(): Promise<void> {
  const baseUrl = process.env.GATEWAY_URL ?? 'http://localhost:3000';
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const [name = 'quickstart'] = process.argv.slice(2);
  if (name === 'sandbox') {
    const { clientId, clientSecret, organizationId, storeId } = sandboxCredentials();
    const client = createPublicClient({ baseUrl, clientId, clientSecret, authMethod: 'client_secret_post' });
    const wait = process.env.AUTO_ADVANCE_WAIT_SECONDS;
    const autoAdvanceWaitMs = wait === undefined ? undefined : Number(wait) * 1000;
    await sandboxWalkthrough(client, say, { organizationId, storeId, autoAdvanceWaitMs, receiverHost: process.env.WEBHOOK_RECEIVER_HOST });
    say('done');
    return;
  }
  const api = createPublicClient({ baseUrl, ...credentials() });
  const target = { organizationId: process.env.ORGANIZATION_ID, storeId: process.env.STORE_ID };
  if (name === 'quickstart') await quickstart(api, say, target);
  else if (name === 'fulfilment' || name === 'inbound') {
    const { INTERNAL_CLIENT_ID: clientId, INTERNAL_CLIENT_SECRET: clientSecret } = process.env;
    if (!clientId || !clientSecret)
      throw new Error('set INTERNAL_CLIENT_ID and INTERNAL_CLIENT_SECRET (`npm run -s admin -- clients:create --type SERVICE --audience internal`)');
    const staff = createInternalClient({
      baseUrl: process.env.INTERNAL_GATEWAY_URL ?? 'http://localhost:3001',
      publicBaseUrl: baseUrl,
      clientId,
      clientSecret,
    });
    const where = { warehouseId: process.env.WAREHOUSE_ID, receiverHost: process.env.WEBHOOK_RECEIVER_HOST };
    if (name === 'fulfilment') await fulfilmentWalkthrough(api, staff, say, { ...target, ...where });
    else await inboundWalkthrough(api, staff, say, { organizationId: target.organizationId, ...where });
  } else throw new Error(`unknown example ${name}: quickstart (the default), fulfilment, inbound or sandbox`);
  say('done');
}

main().catch((error) => {
  process.stderr.write(`example failed: ${(error as Error).message}\n`);
  process.exit(1);
});
