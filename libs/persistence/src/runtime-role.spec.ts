// The gateways' role, set up by migrate as the owner of a database: rows yes (and sequences, functions,
// LISTEN/NOTIFY, the job queue), the schema never; granted again, with its new password, at each migrate.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { RoleDatabase, createRoleDatabase, waitUntil } from '@gateway/testing';
import { Database } from './database';
import { JobQueue } from './queue/job-queue';
import { migrate } from './migrator';
import { MIGRATIONS } from './migrations';
import { grantRuntimeRole, runtimeRoleProblem } from './runtime-role';

/** The Postgres error code of a statement, or 'ok'. */
async function outcome(db: { query(sql: string): Promise<unknown> }, sql: string): Promise<string> {
  try {
    await db.query(sql);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

async function connectAs(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe('the runtime role', () => {
  let roles: RoleDatabase;
  let owner: Database;
  let runtime: pg.Client;
  const INSUFFICIENT_PRIVILEGE = '42501';

  beforeAll(async () => {
    roles = await createRoleDatabase();
    owner = new Database({ url: roles.owner.url, poolMax: 2 });
    await migrate(owner);
    await grantRuntimeRole(owner, { name: roles.runtime.name, password: roles.runtime.password });
    runtime = await connectAs(roles.runtime.url);
  }, 60_000);

  afterAll(async () => {
    await runtime?.end().catch(() => undefined);
    await owner?.close();
    await roles?.drop();
  });

  it('logs in with its password, as neither a superuser nor the owner', async () => {
    const { rows } = await runtime.query(
      "SELECT current_user AS role, rolsuper AS superuser, pg_has_role(current_user, $1, 'MEMBER') AS owner FROM pg_roles WHERE rolname = current_user",
      [roles.owner.name],
    );
    expect(rows).toEqual([{ role: roles.runtime.name, superuser: false, owner: false }]);
  });

  it('reads and writes rows, draws from sequences and notifies', async () => {
    const organizationId = randomUUID();
    await runtime.query("INSERT INTO organizations (id, name) VALUES ($1, 'Role test')", [organizationId]);
    await runtime.query("UPDATE organizations SET name = 'Role test 2' WHERE id = $1", [organizationId]);
    const inserted = await runtime.query<{ sequence: number }>(
      "INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, payload) VALUES ($1, $2, 'probe', 'probe', 'probe', '{}') RETURNING sequence",
      [randomUUID(), organizationId],
    );
    expect(Number(inserted.rows[0].sequence)).toBeGreaterThan(0);
    await runtime.query('DELETE FROM domain_events WHERE organization_id = $1', [organizationId]);
    expect((await runtime.query('SELECT name FROM organizations WHERE id = $1', [organizationId])).rows).toEqual([{ name: 'Role test 2' }]);
    await runtime.query('LISTEN role_probe');
    const heard = new Promise((resolve) => runtime.once('notification', (n) => resolve(n.payload)));
    await runtime.query("SELECT pg_notify('role_probe', 'hello')");
    await expect(heard).resolves.toBe('hello');
    expect(await outcome(runtime, 'SELECT count(*) FROM schema_migrations')).toBe('ok');
  });

  it('runs the job queue: sends a job and works it', async () => {
    const db = new Database({ url: roles.runtime.url, poolMax: 3 });
    const queue = new JobQueue(db, { pollingIntervalSeconds: 0.5, stopTimeoutMs: 2000 });
    const handled: string[] = [];
    queue.define<{ label: string }>({ queue: 'clarify-inventory-levels', handle: async (data) => void handled.push(data.label) });
    try {
      await queue.start();
      await db.transaction((tx) => queue.send(tx, 'clarify-inventory-levels', { label: 'as-runtime' }));
      queue.wake('clarify-inventory-levels');
      await waitUntil(() => handled.length > 0);
      expect(handled).toEqual(['as-runtime']);
    } finally {
      await queue.stop();
      await db.close();
    }
  });

  it.each([
    ['CREATE TABLE probe (id int)'],
    ['CREATE TABLE public.probe (id int)'],
    ['CREATE TABLE pgboss.probe (id int)'],
    ['CREATE SCHEMA probe'],
    ['CREATE INDEX probe ON organizations (name)'],
    ['CREATE FUNCTION probe() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$'],
    ['ALTER TABLE organizations ADD COLUMN probe int'],
    ['ALTER TABLE pgboss.job ADD COLUMN probe int'],
    ['DROP TABLE webhook_endpoints'],
    ['DROP TABLE pgboss.job'],
    ['TRUNCATE organizations'],
    ["INSERT INTO schema_migrations (version, name) VALUES (9999, 'probe')"],
    ['DELETE FROM schema_migrations'],
  ])('is refused: %s', async (sql) => {
    expect(await outcome(runtime, sql)).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('can use a table a later migration adds, and a new password set by the next migrate', async () => {
    await migrate(owner, [...MIGRATIONS, { version: 9_001, name: 'probe', sql: 'CREATE TABLE role_probe (id bigserial PRIMARY KEY, note text)' }]);
    expect(await outcome(runtime, "INSERT INTO role_probe (note) VALUES ('later')")).toBe('ok');
    const password = randomBytes(24).toString('base64url');
    await grantRuntimeRole(owner, { name: roles.runtime.name, password });
    await expect(connectAs(roles.runtime.url)).rejects.toThrow(/password authentication failed/);
    const again = await connectAs(roles.runtime.url.replace(encodeURIComponent(roles.runtime.password), encodeURIComponent(password)));
    await again.end();
  });

  it('refuses the owner, a superuser, or a name or password it cannot use', async () => {
    await expect(grantRuntimeRole(owner, { name: roles.owner.name, password: 'a'.repeat(20) })).rejects.toThrow(
      `the runtime role is the role that migrates (${roles.owner.name})`,
    );
    // The test server's own user is a superuser.
    const superuser = decodeURIComponent(new URL(process.env.GATEWAY_TEST_ADMIN_URL as string).username);
    await expect(grantRuntimeRole(owner, { name: superuser, password: 'a'.repeat(20) })).rejects.toThrow(`the runtime role ${superuser} is a superuser`);
    expect(runtimeRoleProblem({ name: 'Gateway', password: 'a'.repeat(20) })).toBe(
      'its role name must be lower-case letters, digits and underscores (at most 63, not starting with a digit)',
    );
    expect(runtimeRoleProblem({ name: 'gateway_runtime', password: 'short' })).toBe('its password must be at least 16 printable ASCII characters');
    expect(runtimeRoleProblem({ name: 'gateway_runtime', password: 'mot-de-passe-\u00e9t\u00e9-long' })).toBe(
      'its password must be at least 16 printable ASCII characters',
    );
    expect(runtimeRoleProblem({ name: 'gateway_runtime', password: 'a'.repeat(16) })).toBeNull();
  });
});
