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

describe('the runtime role: privileges migrate refuses', () => {
  let roles: RoleDatabase;
  let owner: Database;
  let database: string;
  const created: string[] = [];

  /** Runs statements as the test server's superuser, in the role database. */
  async function asAdmin(...statements: string[]): Promise<void> {
    const url = new URL(process.env.GATEWAY_TEST_ADMIN_URL as string);
    url.pathname = `/${database}`;
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      for (const sql of statements) await admin.query(sql);
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    roles = await createRoleDatabase();
    database = new URL(roles.owner.url).pathname.slice(1);
    owner = new Database({ url: roles.owner.url, poolMax: 2 });
    await migrate(owner);
  }, 60_000);

  afterAll(async () => {
    await owner?.close();
    await roles?.drop();
    // The database is gone, and with it every privilege on it: the roles can go.
    const admin = new pg.Client({ connectionString: process.env.GATEWAY_TEST_ADMIN_URL });
    await admin.connect();
    for (const name of created) await admin.query(`DROP ROLE IF EXISTS ${name}`);
    await admin.end();
  });

  it.each([
    ['CREATE on the database', (r: string, d: string) => [`GRANT CREATE ON DATABASE ${d} TO ${r}`], (d: string) => `CREATE on database ${d}`],
    ['CREATE on schema public', (r: string) => [`GRANT CREATE ON SCHEMA public TO ${r}`], () => 'CREATE on schema public'],
    ['CREATE on the job queue schema', (r: string) => [`GRANT CREATE ON SCHEMA pgboss TO ${r}`], () => 'CREATE on schema pgboss'],
    ['CREATE on another schema', (r: string) => [`CREATE SCHEMA probe_${r}`, `GRANT CREATE ON SCHEMA probe_${r} TO ${r}`], () => 'CREATE on schema probe_'],
    ['CREATEDB', (r: string) => [`ALTER ROLE ${r} CREATEDB`], () => 'CREATEDB'],
    ['CREATEROLE', (r: string) => [`ALTER ROLE ${r} CREATEROLE`], () => 'CREATEROLE'],
    ['BYPASSRLS', (r: string) => [`ALTER ROLE ${r} BYPASSRLS`], () => 'BYPASSRLS'],
    ['pg_execute_server_program', (r: string) => [`GRANT pg_execute_server_program TO ${r}`], () => 'membership in pg_execute_server_program'],
    ['pg_read_server_files', (r: string) => [`GRANT pg_read_server_files TO ${r}`], () => 'membership in pg_read_server_files'],
    ['pg_write_server_files', (r: string) => [`GRANT pg_write_server_files TO ${r}`], () => 'membership in pg_write_server_files'],
  ])('refuses a role holding %s, by name', async (_, grant, named) => {
    const name = `gw_powerful_${randomBytes(5).toString('hex')}`;
    created.push(name);
    await asAdmin(`CREATE ROLE ${name} LOGIN`, ...grant(name, database));
    const password = randomBytes(24).toString('base64url');
    await expect(grantRuntimeRole(owner, { name, password })).rejects.toThrow(`the runtime role ${name} holds ${named(database)}`);
    // Refused before anything was granted to it.
    const granted = await owner.query<{ rows: boolean }>("SELECT has_table_privilege($1, 'organizations', 'SELECT') AS rows", [name]);
    expect(granted.rows).toEqual([{ rows: false }]);
  });

  it.each([
    ['directly', (r: string, o: string) => [`GRANT ${o} TO ${r}`]],
    ['through another role', (r: string, o: string) => [`CREATE ROLE ${r}_via`, `GRANT ${o} TO ${r}_via`, `GRANT ${r}_via TO ${r}`]],
  ])('refuses a member of the owner (%s)', async (_, grant) => {
    const name = `gw_member_${randomBytes(5).toString('hex')}`;
    created.push(name, `${name}_via`);
    await asAdmin(`CREATE ROLE ${name} LOGIN`, ...grant(name, roles.owner.name));
    await expect(grantRuntimeRole(owner, { name, password: randomBytes(24).toString('base64url') })).rejects.toThrow(
      `the runtime role ${name} is a member of ${roles.owner.name}, which owns the schema: it must not be`,
    );
  });

  it.each([
    ['a table in schema public', (r: string) => [`CREATE TABLE public.probe_${r} (id int)`, `ALTER TABLE public.probe_${r} OWNER TO ${r}`]],
    [
      'a function in the job queue schema',
      (r: string) => [`CREATE FUNCTION pgboss.probe_${r}() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$`, `ALTER FUNCTION pgboss.probe_${r}() OWNER TO ${r}`],
    ],
    ['the job queue schema', (r: string) => [`ALTER SCHEMA pgboss OWNER TO ${r}`]],
  ])('refuses a role that owns %s', async (_, give) => {
    const name = `gw_owner_${randomBytes(5).toString('hex')}`;
    created.push(name);
    await asAdmin(`CREATE ROLE ${name} LOGIN`, ...give(name));
    try {
      await expect(grantRuntimeRole(owner, { name, password: randomBytes(24).toString('base64url') })).rejects.toThrow(
        `the runtime role ${name} owns objects in schema public or pgboss: reassign them to ${roles.owner.name} (REASSIGN OWNED BY ${name} TO ${roles.owner.name})`,
      );
    } finally {
      await asAdmin(`REASSIGN OWNED BY ${name} TO ${roles.owner.name}`);
    }
  });

  it('refuses CREATE on the database granted to PUBLIC, even to a role it creates', async () => {
    const name = `gw_public_${randomBytes(5).toString('hex')}`;
    created.push(name);
    await asAdmin(`GRANT CREATE ON DATABASE ${database} TO PUBLIC`);
    try {
      await expect(grantRuntimeRole(owner, { name, password: randomBytes(24).toString('base64url') })).rejects.toThrow(
        `the runtime role ${name} holds CREATE on database ${database}`,
      );
    } finally {
      await asAdmin(`REVOKE CREATE ON DATABASE ${database} FROM PUBLIC`);
    }
  });

  it('lists every privilege it holds in one message', async () => {
    const name = `gw_many_${randomBytes(5).toString('hex')}`;
    created.push(name);
    await asAdmin(`CREATE ROLE ${name} LOGIN CREATEDB BYPASSRLS`, `GRANT pg_write_server_files TO ${name}`);
    await expect(grantRuntimeRole(owner, { name, password: randomBytes(24).toString('base64url') })).rejects.toThrow(
      `the runtime role ${name} holds CREATEDB, BYPASSRLS, membership in pg_write_server_files: the gateways need none of these`,
    );
  });
});
