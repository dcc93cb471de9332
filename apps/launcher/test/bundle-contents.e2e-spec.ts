// The bundle check (tools/bundle-contents/check.mjs) on the built gateways, and on copies of them that each hold one
// class they must not: a class of the other gateway's data access, and a class of the fixture import (tooling).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
const bundles = { public: join(root, 'dist/apps/public-gateway/main.js'), internal: join(root, 'dist/apps/internal-gateway/main.js') };

function check(publicBundle: string, internalBundle: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(
    process.execPath,
    [join(root, 'tools/bundle-contents/check.mjs'), '--public-bundle', publicBundle, '--internal-bundle', internalBundle],
    {
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the bundle check', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bundle-contents-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of `bundle` with `extra` appended, as webpack writes a module's class. */
  function withExtra(bundle: string, name: string, extra: string): string {
    const path = join(dir, `${name}.js`);
    writeFileSync(path, `${readFileSync(bundle, 'utf8')}\n${extra}\n`);
    return path;
  }

  it('passes the built gateways, and reads the scoped data access and the tooling', () => {
    const run = check(bundles.public, bundles.internal);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('libs/persistence-public: ');
    expect(run.stdout).toContain('libs/persistence-internal: 1 classes, in internal-gateway only');
    expect(run.stdout).toMatch(/libs\/fixture-import: \d+ classes and functions, in neither gateway/);
  });

  it("fails when the internal gateway's bundle holds a class of the public gateway's data access", () => {
    const run = check(bundles.public, withExtra(bundles.internal, 'internal-with-webhook-delivery', 'class WebhookDeliveryRepository {}'));
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'internal-gateway (scope:internal) bundles WebhookDeliveryRepository of libs/persistence-public (scope:public)',
    ]);
  });

  it("fails when the public gateway's bundle holds a class of the internal gateway's data access", () => {
    const run = check(withExtra(bundles.public, 'public-with-clarification', 'class InventoryClarificationRepository {}'), bundles.internal);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'public-gateway (scope:public) bundles InventoryClarificationRepository of libs/persistence-internal (scope:internal)',
    ]);
  });

  it("fails when either gateway's bundle holds a class of the fixture import", () => {
    const run = check(bundles.public, withExtra(bundles.internal, 'internal-with-fixture-import', 'class FixtureImportService {}'));
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['internal-gateway bundles class FixtureImportService of libs/fixture-import (tooling)']);
  });
});
