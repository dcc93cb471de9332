// What readmeDefaults reads from a table of variables, and that it fails on a default it would skip unlisted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROSE_DEFAULTS, readmeDefaults } from './readme-defaults';

describe('readmeDefaults', () => {
  let dir: string;
  const readme = (...rows: string[]) => {
    const path = join(dir, 'README.md');
    writeFileSync(path, ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows, ''].join('\n'));
    return path;
  };

  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'readme-defaults-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads numbers, true/false, `code` and "empty", several names to a row, and skips the prose defaults it lists', () => {
    const path = readme(
      '| `PORT` | 3000 | the port |',
      '| `ENABLED` / `HOST` | true / `127.0.0.1` | both |',
      '| `ORIGINS` | empty | none |',
      '| `DATABASE_URL` | unset | the database |',
      '| `METRICS_PORT` / `METRICS_HOST` | unset / `0.0.0.0` | metrics |',
    );
    expect([...readmeDefaults(path, { DATABASE_URL: 'why', METRICS_PORT: 'why' })]).toEqual([
      ['PORT', '3000'],
      ['ENABLED', 'true'],
      ['HOST', '127.0.0.1'],
      ['ORIGINS', ''],
      ['METRICS_HOST', '0.0.0.0'],
    ]);
  });

  it('fails on a default it cannot read that is not listed, naming it', () => {
    const path = readme('| `PORT` | 3000 | the port |', '| `TIMEOUT_MS` | 5 s | prose by mistake |', '| `A` / `B` | 1 | fewer values than names |');
    expect(() => readmeDefaults(path, {})).toThrow(
      `${path}: the default of TIMEOUT_MS (5 s), A (1), B (1) is not a plain value (a number, true/false, \`code\` or "empty"): write it as one, or list it in PROSE_DEFAULTS with why`,
    );
  });

  it('fails on a listed name whose row is gone or now plain', () => {
    const path = readme('| `PORT` | 3000 | the port |');
    expect(() => readmeDefaults(path, { PORT: 'why', GONE: 'why' })).toThrow(`${path}: PROSE_DEFAULTS lists PORT, GONE, whose row is gone or now plain`);
  });

  it("reads the project's README.md with every skip listed, and only those", () => {
    expect(readmeDefaults().size).toBeGreaterThanOrEqual(40);
    expect(Object.keys(PROSE_DEFAULTS)).toHaveLength(11);
  });
});
