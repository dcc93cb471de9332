// `admin migrate` as the role that owns the database, with DATABASE_RUNTIME_URL: the gateways' role is
// created from that URL (never from the command line), can use the rows and the job queue but not change
// the schema, and takes a new password at the next migrate.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS } from '@gateway/persistence';
import { RoleDatabase, createRoleDatabase } from '@gateway/testing';

const cli = join(__dirname, '../../../dist/apps/admin-cli/main.js');

function migrate(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [cli, 'migrate', '--json'], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function as(url: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query(sql);
    return 'ok';
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('admin migrate with DATABASE_RUNTIME_URL', () => {
  let roles: RoleDatabase;

  beforeAll(async () => {
    roles = await createRoleDatabase();
  });

  afterAll(async () => {
    await roles.drop();
  });

  it("applies every migration as the owner and sets up the gateways' role, which cannot change the schema", async () => {
    const { code, stdout, stderr } = migrate({ DATABASE_URL: roles.owner.url, DATABASE_RUNTIME_URL: roles.runtime.url });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({ applied: MIGRATIONS.map(({ version, name }) => ({ version, name })), runtimeRole: roles.runtime.name });
    expect(stdout).not.toContain(roles.runtime.password);
    expect(await as(roles.runtime.url, 'SELECT count(*) FROM webhook_endpoints, pgboss.job')).toBe('ok');
    expect(await as(roles.runtime.url, 'CREATE TABLE probe (id int)')).toBe('permission denied for schema public');
    expect(await as(roles.runtime.url, 'DROP TABLE pgboss.job')).toBe('must be owner of table job');
  });

  it('sets the password of the URL at each migrate', async () => {
    const password = randomBytes(24).toString('base64url');
    const rotated = roles.runtime.url.replace(encodeURIComponent(roles.runtime.password), password);
    const { code, stdout } = migrate({ DATABASE_URL: roles.owner.url, DATABASE_RUNTIME_URL: rotated });
    expect({ code, result: JSON.parse(stdout) }).toEqual({ code: 0, result: { applied: [], runtimeRole: roles.runtime.name } });
    expect(await as(rotated, 'SELECT 1')).toBe('ok');
    expect(await as(roles.runtime.url, 'SELECT 1')).toBe(`password authentication failed for user "${roles.runtime.name}"`);
  });

  it.each([
    ['the owner itself', () => roles.owner.url, 'the runtime role is the role that migrates (OWNER): the gateways need a role of their own'],
    ['another database', () => roles.runtime.url.replace(/\/gateway_roles_\w+/, '/postgres'), 'DATABASE_RUNTIME_URL must name the database of DATABASE_URL'],
    [
      'a short password',
      () => roles.runtime.url.replace(encodeURIComponent(roles.runtime.password), 'short'),
      'DATABASE_RUNTIME_URL: its password must be at least 16 printable ASCII characters',
    ],
  ])('refuses %s, exit 1', (_, url, error) => {
    const { code, stdout } = migrate({ DATABASE_URL: roles.owner.url, DATABASE_RUNTIME_URL: url() });
    expect({ code, result: JSON.parse(stdout) }).toEqual({ code: 1, result: { error: error.replace('OWNER', roles.owner.name) } });
  });
});
