// The SDK's generated types are those of the committed documents (both are written by `npm run openapi`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator shared with tools/openapi.mjs
const { openApiTypesText } = require(join(root, 'tools/openapi-types.cjs'));

describe('the generated SDK types', () => {
  it.each(['public', 'internal'])('match openapi/%s.json (else run `npm run openapi`)', async (name) => {
    const document = JSON.parse(readFileSync(join(root, 'openapi', `${name}.json`), 'utf8'));
    const committed = readFileSync(join(root, 'libs/sdk/src/generated', `${name}-api.ts`), 'utf8');
    expect(committed === (await openApiTypesText(name, document))).toBe(true);
  });
});
