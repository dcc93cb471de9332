// A database owned by a role of its own rather than the test server's superuser, as a deployment has it,
// and the credentials of the gateways' runtime role for it (created by migrate, not here). Roles belong to
// the whole server and test files run in parallel: every name is unique to the caller.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_ENV } from './test-env';

export interface Credentials {
  name: string;
  password: string;
  /** The database's URL with these credentials. */
  url: string;
}

export interface RoleDatabase {
  /** The role that owns the database (LOGIN CREATEROLE, not a superuser): migrations run as it. */
  owner: Credentials;
  /** The gateways' role: it does not exist until migrate creates it from these settings. */
  runtime: Credentials;
  /** Drops the database, then both roles. */
  drop(): Promise<void>;
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = process.env[TEST_ENV.adminUrl];
  if (!adminUrl) throw new Error('No test Postgres: run the tests through jest with the workspace globalSetup.');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `role` logs in to database `name` of the test server with `password`. */
export function databaseUrlAs(role: string, password: string, database: string): string {
  const url = new URL(process.env[TEST_ENV.adminUrl] as string);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  url.pathname = `/${database}`;
  return url.toString();
}

/** An empty database (no migration applied) owned by a new role, and the settings of a runtime role. */
export async function createRoleDatabase(): Promise<RoleDatabase> {
  const suffix = randomBytes(5).toString('hex');
  const database = `gateway_roles_${suffix}`;
  const credentials = (name: string): Credentials => {
    const password = randomBytes(24).toString('base64url');
    return { name, password, url: databaseUrlAs(name, password, database) };
  };
  const owner = credentials(`gw_owner_${suffix}`);
  const runtime = credentials(`gw_runtime_${suffix}`);
  await asAdmin(async (client) => {
    await client.query(`CREATE ROLE ${owner.name} LOGIN CREATEROLE PASSWORD ${pg.escapeLiteral(owner.password)}`);
    await client.query(`CREATE DATABASE ${database} OWNER ${owner.name} TEMPLATE template0`);
  });
  return {
    owner,
    runtime,
    drop: () =>
      asAdmin(async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${runtime.name}`);
        await client.query(`DROP ROLE IF EXISTS ${owner.name}`);
      }),
  };
}
