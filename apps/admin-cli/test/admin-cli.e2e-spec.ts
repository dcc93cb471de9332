// Runs the built admin CLI as an operator would, against a database of its own.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestDatabase, createTestDatabase, writeLargeImportFile } from '@gateway/testing';

const root = join(__dirname, '../../..');
const cli = join(root, 'dist/apps/admin-cli/main.js');

const KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

function admin(database: TestDatabase, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: database.url, KEY_ENCRYPTION_KEY },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The CLI on the embedded server of `dataDir` (no DATABASE_URL), as its own process: several can run at once. */
function adminOnDataDir(dataDir: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('admin CLI on a shared embedded server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-cli-shared-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs two imports at once on a new data folder: both succeed, and the last one out stops the server', async () => {
    // A lease of a process that is gone (pid beyond pid_max: as if SIGKILLed) counts for nothing.
    mkdirSync(join(dataDir, 'postgres-leases'));
    writeFileSync(join(dataDir, 'postgres-leases', '999999999-1'), '');
    const results = await Promise.all([1, 2].map(() => adminOnDataDir(dataDir, '--json', 'import', join(root, 'fixtures/demo.json'))));
    for (const { code, stdout, stderr } of results) {
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(JSON.parse(stdout).organizations).toEqual(expect.objectContaining({ updated: 0 }));
    }
    // One inserted the organizations, the other (serialized behind it) found them unchanged.
    expect(results.map((r) => JSON.parse(r.stdout).organizations.inserted).sort()).toEqual([0, 3]);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(readdirSync(join(dataDir, 'postgres-leases'))).toEqual([]);
    // Stopped cleanly: the next command starts it again and finds the data.
    const listed = await adminOnDataDir(dataDir, 'clients:list', '--json');
    expect({ code: listed.code, stdout: listed.stdout }).toEqual({ code: 0, stdout: '[]\n' });
  }, 120_000);
});

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
    expect(
      Object.values(JSON.parse(second.stdout)).every((c) => (c as { inserted: number; updated: number }).inserted + (c as { updated: number }).updated === 0),
    ).toBe(true);
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

  it('refuses a NUL character and a number like 1e400 with pointers, not database errors', () => {
    const org = '0B7D7C52-3F1E-4A2B-9C3D-4E5F6A7B8C9D';
    const file = join(dir, 'unsafe.json');
    writeFileSync(
      file,
      `{"organizations": [{"id": "${org}", "name": "bad\\u0000name"}],
        "invoices": [{"id": "inv-inf", "organizationId": "${org}", "number": "N", "status": "PAID", "lineItems": [],
          "subtotal": {"amountInMinorUnit": 1e400, "currency": "EUR"}, "totalExcludingTax": {"amountInMinorUnit": 1, "currency": "EUR"}}]}`,
    );
    const { code, stdout } = admin(database, '--json', 'import', file);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toEqual({
      error: `${file}: The import file has 2 problems. Nothing was written.`,
      problems: [
        { pointer: '/organizations/0/name', message: 'must not contain the NUL character (U+0000)' },
        { pointer: '/invoices/0/subtotal/amountInMinorUnit', message: 'must be a finite number between -9007199254740991 and 9007199254740991' },
      ],
    });
  });

  describe('clients and keys (after the demo import)', () => {
    const demo = JSON.parse(readFileSync(join(root, 'fixtures/demo.json'), 'utf8'));

    it('creates a client of each type, printing exactly the five fields with a 256-bit secret', () => {
      const cases = [
        ['--type', 'USER', '--user-id', demo.users[0].id],
        ['--type', 'ORGANIZATION', '--organization-id', demo.organizations[0].id, '--auth-method', 'client_secret_basic'],
        ['--type', 'CONNECTOR', '--connection-id', demo.connections[0].id, '--connection-id', demo.connections[1].id],
        ['--type', 'SERVICE', '--audience', 'internal', '--name', 'staff tools'],
      ];
      for (const args of cases) {
        const { code, stdout } = admin(database, 'clients:create', ...args);
        expect(code).toBe(0);
        const created = JSON.parse(stdout);
        expect(Object.keys(created).sort()).toEqual(['audience', 'auth_method', 'client_id', 'client_secret', 'client_type']);
        expect(created.client_type).toBe(args[1]);
        expect(Buffer.from(created.client_secret, 'base64url').length).toBeGreaterThanOrEqual(32);
      }
    });

    it('refuses a client whose identity does not exist (exit 1) or does not fit its type (exit 2)', () => {
      expect(admin(database, 'clients:create', '--type', 'USER', '--user-id', 'nobody').code).toBe(1);
      expect(admin(database, 'clients:create', '--type', 'ORGANIZATION', '--organization-id', '00000000-0000-4000-8000-000000000000').code).toBe(1);
      expect(admin(database, 'clients:create', '--type', 'CONNECTOR', '--connection-id', 'conn-nobody').code).toBe(1);
      expect(admin(database, 'clients:create', '--type', 'USER').code).toBe(2);
      expect(admin(database, 'clients:create', '--type', 'SERVICE', '--user-id', demo.users[0].id).code).toBe(2);
      expect(admin(database, 'clients:create', '--type', 'ROBOT').code).toBe(2);
      expect(admin(database, 'clients:create').code).toBe(2);
    });

    it('lists clients without secrets, and revokes one', () => {
      const { stdout } = admin(database, 'clients:list', '--json');
      const clients = JSON.parse(stdout);
      expect(clients.length).toBe(4);
      expect(stdout).not.toMatch(/"client_secret"|secret_hash|sha256:/);
      const revoked = admin(database, 'clients:revoke', clients[0].client_id, '--json');
      expect(revoked.code).toBe(0);
      const after = JSON.parse(admin(database, 'clients:list', '--json').stdout);
      expect(after[0].revoked_at).toEqual(expect.any(String));
      expect(admin(database, 'clients:revoke', 'cl_nobody').code).toBe(1);
    });

    it("disables a revoked connector's webhook endpoints (CLIENT_REVOKED) and leaves those of the organization's own client", async () => {
      const organizationId: string = demo.organizations[0].id;
      const connector = JSON.parse(admin(database, 'clients:create', '--type', 'CONNECTOR', '--connection-id', demo.connections[0].id).stdout).client_id;
      const own = JSON.parse(admin(database, 'clients:create', '--type', 'ORGANIZATION', '--organization-id', organizationId).stdout).client_id;
      const endpoint = (createdBy: string, connections: string[] | null) =>
        database.db.query<{ id: string }>(
          `INSERT INTO webhook_endpoints (id, organization_id, url, event_types, secret_ciphertext, created_by_client_id, connector_connection_ids)
           VALUES (gen_random_uuid(), $1, 'https://hooks.example.invalid/', '{sales_order.created}', 'x', $2, $3) RETURNING id`,
          [organizationId, createdBy, connections],
        );
      const connectors = (await endpoint(connector, [demo.connections[0].id])).rows[0].id;
      const organizations = (await endpoint(own, null)).rows[0].id;
      expect(admin(database, 'clients:revoke', connector, '--json').code).toBe(0);
      expect(admin(database, 'clients:revoke', own, '--json').code).toBe(0);
      const { rows } = await database.db.query<{ id: string; enabled: boolean; disabled_reason: string | null }>(
        'SELECT id, enabled, disabled_reason FROM webhook_endpoints WHERE id = ANY ($1::uuid[])',
        [[connectors, organizations]],
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, [r.enabled, r.disabled_reason]]))).toEqual({
        [connectors]: [false, 'CLIENT_REVOKED'],
        [organizations]: [true, null],
      });
    }, 120_000);

    it('takes an organization id in upper case and keeps it in its canonical lower case', () => {
      const organizationId: string = demo.organizations[1].id;
      const { code, stdout, stderr } = admin(database, 'clients:create', '--type', 'ORGANIZATION', '--organization-id', organizationId.toUpperCase());
      expect({ code, stderr }).toEqual({ code: 0, stderr: expect.not.stringContaining('does not exist') });
      const { client_id } = JSON.parse(stdout);
      const listed = JSON.parse(admin(database, 'clients:list', '--json').stdout).find((c: { client_id: string }) => c.client_id === client_id);
      expect(listed.organization_id).toBe(organizationId.toLowerCase());
    });

    it('rotates keys, keeping the old one published', () => {
      const first = JSON.parse(admin(database, 'keys:rotate', '--json').stdout);
      const second = JSON.parse(admin(database, 'keys:rotate', '--json').stdout);
      expect(second.kid).not.toBe(first.kid);
      const keys = JSON.parse(admin(database, 'keys:list', '--json').stdout);
      expect(keys.map((k: { kid: string; status: string }) => [k.kid, k.status])).toEqual([
        [second.kid, 'active'],
        [first.kid, 'published'],
      ]);
    });
  });

  it('prints help on stdout with exit 0, for the program and for a verb', () => {
    const unreachable = { url: 'postgres://admin@127.0.0.1:1/none' } as TestDatabase;
    for (const args of [['--help'], ['help'], ['help', 'import'], ['import', '--help'], ['--json', '--help']]) {
      const { code, stdout, stderr } = admin(unreachable, ...args);
      expect({ args, code, stderr }).toEqual({ args, code: 0, stderr: '' });
      expect(stdout).toMatch(
        args.includes('import') ? /^Usage: admin import \[options\] <file>\n/ : /^Usage: admin \[options\] \[command\]\n[\s\S]*clients:create/,
      );
    }
  });

  it('reads a 25 MB file in a 96 MB heap: the problem in its last item is found, with its pointer, and nothing is written', async () => {
    const file = join(dir, 'large.json');
    const { barcodes, bytes } = await writeLargeImportFile(file, 25_000_000, { negativeLastLevel: true });
    const written = async () =>
      (
        await database.db.query<{ warehouses: number; organizations: number; units: number; levels: number }>(
          `SELECT (SELECT count(*)::int FROM warehouses) AS warehouses, (SELECT count(*)::int FROM organizations) AS organizations,
                  (SELECT count(*)::int FROM retail_units) AS units, (SELECT count(*)::int FROM inventory_levels) AS levels`,
        )
      ).rows[0];
    const before = await written();
    expect(bytes).toBeGreaterThan(25_000_000);
    // The whole file parsed at once (its text and its objects) does not fit in this heap; read item by item, it does.
    const result = spawnSync(process.execPath, ['--max-old-space-size=96', cli, '--json', 'import', file], {
      env: { PATH: process.env.PATH, DATABASE_URL: database.url, KEY_ENCRYPTION_KEY },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect({ code: result.status, document: JSON.parse(result.stdout) }).toEqual({
      code: 1,
      document: {
        error: `${file}: The import file has 1 problem. Nothing was written.`,
        problems: [{ pointer: `/inventory/${barcodes - 1}/allocated`, message: 'must be >= 0' }],
      },
    });
    // Nothing was written: not the file's warehouse, organization, units or levels, which all came before the problem.
    expect(await written()).toEqual(before);
    rmSync(file);
  }, 300_000);

  it('answers a usage error with exit 2', () => {
    expect(admin(database, 'no-such-verb').code).toBe(2);
    expect(admin(database, 'import').code).toBe(2);
  });

  it('answers every usage error of clients:create with exit 2 and one line, before connecting to the database', () => {
    // Nothing listens here: a command line that got as far as connecting would fail with exit 1.
    const unreachable = { url: 'postgres://admin@127.0.0.1:1/none' } as TestDatabase;
    const cases: [string[], string][] = [
      [['--type', 'FOO'], '--type must be one of USER, ORGANIZATION, CONNECTOR, SERVICE'],
      [['--type', 'service'], '--type must be one of USER, ORGANIZATION, CONNECTOR, SERVICE'],
      [['--type', 'USER'], '--type USER needs --user-id'],
      [['--type', 'CONNECTOR'], '--type CONNECTOR needs --connection-id'],
      [['--type', 'ORGANIZATION', '--organization-id', 'not-a-uuid'], '--organization-id must be a UUID'],
      [['--type', 'SERVICE', '--auth-method', 'private_key_jwt'], '--auth-method must be one of client_secret_post, client_secret_basic'],
      [['--type', 'SERVICE', '--audience', 'admin'], '--audience must be public or internal'],
      [['--type', 'SERVICE', '--user-id', 'user-anna'], '--user-id is only for --type USER'],
      [['--type', 'SERVICE', '--name', 'n'.repeat(201)], '--name must be at most 200 characters'],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = admin(unreachable, 'clients:create', ...args);
      expect({ args, code, stdout, stderr }).toEqual({ args, code: 2, stdout: '', stderr: `error: ${message}\n` });
    }
    // A well-formed command line does try the database.
    expect(admin(unreachable, 'clients:create', '--type', 'SERVICE', '--name', 'n'.repeat(200)).code).toBe(1);
  });

  it('with --json, prints one JSON document for a usage error too, exit 2', () => {
    const unreachable = { url: 'postgres://admin@127.0.0.1:1/none' } as TestDatabase;
    const cases: [string[], string][] = [
      [['--json', 'frobnicate'], "unknown command 'frobnicate'"],
      [['--json', 'clients:revoke'], "missing required argument 'client_id'"],
      [['--json', 'import'], "missing required argument 'file'"],
      [['clients:create', '--type', 'FOO', '--json'], '--type must be one of USER, ORGANIZATION, CONNECTOR, SERVICE'],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = admin(unreachable, ...args);
      expect({ args, code, document: JSON.parse(stdout) }).toEqual({ args, code: 2, document: { error: message } });
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(stderr).toContain(message);
    }
  });

  it('stops with one line naming a bad variable', () => {
    const result = spawnSync(process.execPath, [cli, 'migrate'], { env: { PATH: process.env.PATH, DATABASE_URL: 'mysql://nope' }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: DATABASE_URL must be a postgres:// connection URL');
  });
});
