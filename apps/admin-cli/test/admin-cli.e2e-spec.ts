// Runs the built admin CLI as an operator would, against a database of its own.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestDatabase, createTestDatabase } from '@gateway/testing';

const root = join(__dirname, '../../..');
const cli = join(root, 'dist/apps/admin-cli/main.js');

function admin(database: TestDatabase, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: database.url },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('admin CLI', () => {
  let database: TestDatabase;
  const dir = mkdtempSync(join(tmpdir(), 'admin-cli-'));

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('migrate --json prints one JSON document and exits 0', () => {
    const { code, stdout } = admin(database, 'migrate', '--json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ applied: [] });
  });

  it('imports a file, then imports it again without changing anything', () => {
    const first = admin(database, '--json', 'import', join(root, 'fixtures/demo.json'));
    expect(first.code).toBe(0);
    const counts = JSON.parse(first.stdout);
    expect(counts.organizations).toEqual({ inserted: 3, updated: 0, unchanged: 0 });
    const second = admin(database, 'import', join(root, 'fixtures/demo.json'), '--json');
    expect(second.code).toBe(0);
    expect(Object.values(JSON.parse(second.stdout)).every((c) => (c as { inserted: number; updated: number }).inserted + (c as { updated: number }).updated === 0)).toBe(true);
  });

  it('refuses a bad file with exit 1, every problem listed, stdout one JSON document', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ warehouses: [{ id: 'x' }], nonsense: [] }));
    const { code, stdout, stderr } = admin(database, 'import', file, '--json');
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: `${file}: The import file has 2 problems. Nothing was written.`,
      problems: [
        { pointer: '/nonsense', message: 'is not a known property' },
        { pointer: '/warehouses/0/name', message: 'is required' },
      ],
    });
    expect(stderr).toContain('/warehouses/0/name: is required');
  });

  it('answers a usage error with exit 2', () => {
    expect(admin(database, 'no-such-verb').code).toBe(2);
    expect(admin(database, 'import').code).toBe(2);
  });

  it('stops with one line naming a bad variable', () => {
    const result = spawnSync(process.execPath, [cli, 'migrate'], { env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://nope' }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: DATABASE_URL must be a postgres:// connection URL');
  });
});
