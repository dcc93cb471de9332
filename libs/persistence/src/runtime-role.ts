// The role the gateways connect as, set up by `migrate` (run as the role that owns the schema): it reads and
// writes rows, uses the sequences, the functions and the job queue's tables, and LISTEN/NOTIFY (which need no
// grant), but owns nothing and may create nothing, so it cannot change the schema. Tables created later by
// the owner are granted to it too (default privileges). Idempotent: each `migrate` grants again and sets
// the password from the settings, which is how it is changed.
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks';
import { Database, Queryable } from './database';
import { JOB_QUEUE_SCHEMA } from './queue/job-queue';

export interface RuntimeRole {
  name: string;
  password: string;
}

/** The schemas the gateways use: the application's and the job queue's. */
const SCHEMAS = ['public', JOB_QUEUE_SCHEMA];
/** A name that needs no quoting, so that it reads the same in every tool. */
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Printable ASCII: a SCRAM verifier computed here then matches the server's (SASLprep leaves it unchanged). */
const PASSWORD = /^[\x20-\x7e]{16,}$/;
const DUPLICATE_OBJECT = '42710';

/** Why a runtime role cannot be used, or null. */
export function runtimeRoleProblem(role: RuntimeRole): string | null {
  if (!ROLE_NAME.test(role.name)) return 'its role name must be lower-case letters, digits and underscores (at most 63, not starting with a digit)';
  if (!PASSWORD.test(role.password)) return 'its password must be at least 16 printable ASCII characters';
  return null;
}

/**
 * The password as Postgres stores it (SCRAM-SHA-256, RFC 5803), computed here as psql's \password does:
 * the statement that sets it carries no clear password for the server's log to keep.
 */
export function scramSha256Verifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

/** Creates the runtime role when missing, sets its password and grants it the rows of every table of SCHEMAS, now and later. */
export async function grantRuntimeRole(db: Database, role: RuntimeRole): Promise<void> {
  const problem = runtimeRoleProblem(role);
  if (problem) throw new Error(`the runtime role: ${problem}`);
  const name = pg.escapeIdentifier(role.name);
  const password = pg.escapeLiteral(scramSha256Verifier(role.password));
  const schemas = SCHEMAS.map((schema) => pg.escapeIdentifier(schema)).join(', ');
  await db.exclusively(ADVISORY_LOCKS.migrations, async () => {
    const { rows } = await db.query<{ owner: string; database: string }>('SELECT current_user AS owner, current_database() AS database');
    const { owner, database } = rows[0];
    if (role.name === owner) throw new Error(`the runtime role is the role that migrates (${owner}): the gateways need a role of their own`);
    const missing = await db.query<{ schema: string }>('SELECT schema FROM unnest($1::text[]) AS schema WHERE to_regnamespace(schema) IS NULL', [SCHEMAS]);
    if (missing.rows.length) throw new Error(`schema ${missing.rows.map((r) => r.schema).join(', ')} missing: migrate first`);
    try {
      // Roles belong to the whole server: another database's migrate may create the same one at the same time.
      await db.query(`CREATE ROLE ${name} LOGIN PASSWORD ${password}`);
    } catch (error) {
      if ((error as { code?: string }).code !== DUPLICATE_OBJECT) throw error;
    }
    await db.transaction(async (tx) => {
      // Only the owner creates objects (the default since Postgres 15; older databases let anyone): revoked
      // before the check, which counts what the role holds through PUBLIC too.
      await tx.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
      // Checked on the role as it exists (just created, or there before), before anything is granted or set.
      await refuseIfPowerful(tx, role.name, owner, database);
      await tx.query(`ALTER ROLE ${name} WITH LOGIN PASSWORD ${password}`);
      await tx.query(`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(database)} TO ${name}`);
      // The role's own statement timeout (the gateways' default DATABASE_STATEMENT_TIMEOUT_MS): a gateway sets its
      // own at connection, or in each transaction through a transaction pooler, which refuses startup parameters;
      // this one bounds its single statements there.
      await tx.query(`ALTER ROLE ${name} IN DATABASE ${pg.escapeIdentifier(database)} SET statement_timeout = '4s'`);
      await tx.query(`GRANT USAGE ON SCHEMA ${schemas} TO ${name}`);
      await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schemas} TO ${name}`);
      await tx.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schemas} TO ${name}`);
      await tx.query(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${schemas} TO ${name}`);
      // Which migrations ran is the migrating role's to write.
      await tx.query(`REVOKE INSERT, UPDATE, DELETE ON schema_migrations FROM ${name}`);
      await tx.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schemas} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${name}`);
      await tx.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schemas} GRANT USAGE, SELECT ON SEQUENCES TO ${name}`);
      await tx.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA ${schemas} GRANT EXECUTE ON FUNCTIONS TO ${name}`);
    });
  });
}

/**
 * The built-in roles whose members run programs, read files or write files on the database server (as its OS
 * user): COPY to or from a file or a program, pg_read_file and the large-object file functions.
 */
const SERVER_ROLES = ['pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files'];

/**
 * A role that could change the schema anyway (a superuser, a member of the owner, an owner of its objects), or
 * that holds a privilege the gateways never use and an attacker with its password would (create objects in
 * the database or a schema, create databases or roles, bypass row security, run programs, read or write files on
 * the server), is refused, each privilege by name. Privileges held through PUBLIC or another role count.
 */
async function refuseIfPowerful(db: Queryable, role: string, owner: string, database: string): Promise<void> {
  const { rows } = await db.query<{
    superuser: boolean;
    member: boolean;
    owns: number;
    createdb: boolean;
    createrole: boolean;
    bypassrls: boolean;
    create_on_database: boolean;
    create_on_schemas: string[];
    server_roles: string[];
  }>(
    `SELECT r.rolsuper AS superuser, pg_has_role(r.oid, $2::name, 'MEMBER') AS member,
            (SELECT count(*)::int FROM pg_namespace n WHERE n.nspname = ANY($3::text[]) AND (n.nspowner = r.oid
               OR EXISTS (SELECT 1 FROM pg_class c WHERE c.relnamespace = n.oid AND c.relowner = r.oid)
               OR EXISTS (SELECT 1 FROM pg_proc p WHERE p.pronamespace = n.oid AND p.proowner = r.oid))) AS owns,
            r.rolcreatedb AS createdb, r.rolcreaterole AS createrole, r.rolbypassrls AS bypassrls,
            has_database_privilege(r.oid, current_database(), 'CREATE') AS create_on_database,
            ARRAY(SELECT n.nspname::text FROM pg_namespace n WHERE has_schema_privilege(r.oid, n.oid, 'CREATE') ORDER BY n.nspname) AS create_on_schemas,
            ARRAY(SELECT g.rolname::text FROM pg_roles g WHERE g.rolname = ANY($4::text[]) AND pg_has_role(r.oid, g.oid, 'MEMBER') ORDER BY g.rolname) AS server_roles
       FROM pg_roles r WHERE r.rolname = $1`,
    [role, owner, SCHEMAS, SERVER_ROLES],
  );
  const found = rows[0];
  if (!found) return;
  if (found.superuser) throw new Error(`the runtime role ${role} is a superuser: the gateways need a role that cannot change the schema`);
  if (found.member) throw new Error(`the runtime role ${role} is a member of ${owner}, which owns the schema: it must not be`);
  if (found.owns > 0)
    throw new Error(
      `the runtime role ${role} owns objects in schema ${SCHEMAS.join(' or ')}: reassign them to ${owner} (REASSIGN OWNED BY ${role} TO ${owner})`,
    );
  const held = [
    ...(found.create_on_database ? [`CREATE on database ${database}`] : []),
    ...found.create_on_schemas.map((schema) => `CREATE on schema ${schema}`),
    ...(found.createdb ? ['CREATEDB'] : []),
    ...(found.createrole ? ['CREATEROLE'] : []),
    ...(found.bypassrls ? ['BYPASSRLS'] : []),
    ...found.server_roles.map((builtIn) => `membership in ${builtIn}`),
  ];
  if (held.length > 0)
    throw new Error(
      `the runtime role ${role} holds ${held.join(', ')}: the gateways need none of these; revoke them from it (and from PUBLIC or the roles it is a member of, where it holds them through those)`,
    );
}
