// npm run openapi: writes the OpenAPI document each gateway serves (default configuration) to openapi/<gateway>.json,
// the SDK's types of each to libs/sdk/src/generated/<gateway>-api.ts, and the public one's Postman collection to
// openapi/public.postman_collection.json. The gateways are built, then asked for
// their document (`main.js --openapi`): nothing listens, no database is reached.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, root } from './run-built.mjs';
import openApiTypes from './openapi-types.cjs';
import postman from './postman-collection.cjs';

const GATEWAYS = { public: 'public-gateway', internal: 'internal-gateway' };
build(Object.values(GATEWAYS));
mkdirSync(join(root, 'openapi'), { recursive: true });
mkdirSync(join(root, 'libs/sdk/src/generated'), { recursive: true });
// Only what each gateway requires to boot; the rest stays at its default, as the document's servers and token URL do.
const env = {
  PATH: process.env.PATH,
  DATABASE_URL: 'postgresql://openapi.invalid/gateway',
  KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'silent',
};
for (const [name, project] of Object.entries(GATEWAYS)) {
  const result = spawnSync(process.execPath, [join(root, 'dist/apps', project, 'main.js'), '--openapi'], {
    cwd: root,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stderr}${project} --openapi failed (exit ${result.status})\n`);
    process.exit(1);
  }
  writeFileSync(join(root, 'openapi', `${name}.json`), result.stdout);
  writeFileSync(join(root, 'libs/sdk/src/generated', `${name}-api.ts`), await openApiTypes.openApiTypesText(name, JSON.parse(result.stdout)));
  process.stdout.write(`wrote openapi/${name}.json and libs/sdk/src/generated/${name}-api.ts\n`);
  if (name === 'public') {
    writeFileSync(join(root, 'openapi/public.postman_collection.json'), await postman.postmanCollectionText(JSON.parse(result.stdout)));
    process.stdout.write('wrote openapi/public.postman_collection.json\n');
  }
}
