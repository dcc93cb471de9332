// npm run example: the quickstart against a running public gateway. Credentials: CLIENT_ID and CLIENT_SECRET
// (CLIENT_AUTH_METHOD client_secret_post by default), else the demo client `npm start` keeps in DATA_DIR.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ClientAuthMethod, createPublicClient } from '@gateway/sdk';
import { quickstart } from './quickstart';

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

async function main(): Promise<void> {
  const baseUrl = process.env.GATEWAY_URL ?? 'http://localhost:3000';
  const api = createPublicClient({ baseUrl, ...credentials() });
  await quickstart(api, (line) => process.stdout.write(`${line}\n`), { organizationId: process.env.ORGANIZATION_ID, storeId: process.env.STORE_ID });
  process.stdout.write('done\n');
}

main().catch((error) => {
  process.stderr.write(`example failed: ${(error as Error).message}\n`);
  process.exit(1);
});
