// The committed fixture types are what the generator makes of fixture.schema.json today (both by `npm run codegen`).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

describe('the generated fixture types', () => {
  it('match fixture.schema.json (else run `npm run codegen`)', () => {
    const generated = spawnSync(process.execPath, [join(root, 'tools/fixture-types.cjs'), '--print'], { encoding: 'utf8', timeout: 60_000 });
    expect(generated.stderr).toBe('');
    expect(generated.status).toBe(0);
    const committed = readFileSync(join(__dirname, 'generated/fixture.ts'), 'utf8');
    expect(committed === generated.stdout).toBe(true);
  });
});
