// The SDK's generated types are those of the committed documents (both are written by `npm run openapi`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

describe('the generated SDK types', () => {
  it.each(['public', 'internal'])('match openapi/%s.json (else run `npm run openapi`)', (name) => {
    const generated = spawnSync(process.execPath, [join(root, 'tools/openapi-types.cjs'), name], { encoding: 'utf8', timeout: 60_000 });
    expect(generated.status).toBe(0);
    const committed = readFileSync(join(root, 'libs/sdk/src/generated', `${name}-api.ts`), 'utf8');
    expect(committed === generated.stdout).toBe(true);
  });
});
