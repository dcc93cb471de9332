import { Database, RuntimeRole, grantRuntimeRole, migrate, runtimeRoleProblem } from '@gateway/persistence';
import { CliFailure, Output } from '../output';

/** The role and password of the gateways' URL (DATABASE_RUNTIME_URL), which must name the database being migrated. */
export function runtimeRoleOf(runtimeUrl: string, url: string): RuntimeRole {
  const runtime = new URL(runtimeUrl);
  if (runtime.pathname !== new URL(url).pathname) throw new CliFailure('DATABASE_RUNTIME_URL must name the database of DATABASE_URL');
  const role = { name: decodeURIComponent(runtime.username), password: decodeURIComponent(runtime.password) };
  const problem = runtimeRoleProblem(role);
  if (problem) throw new CliFailure(`DATABASE_RUNTIME_URL: ${problem}`);
  return role;
}

/** Applies the migrations and installs the job queue as the owner of the schema; then, given the gateways' URL, sets up their role. */
export async function migrateCommand(url: string, runtimeUrl: string | undefined, out: Output): Promise<void> {
  const runtimeRole = runtimeUrl === undefined ? undefined : runtimeRoleOf(runtimeUrl, url);
  const db = new Database({ url, poolMax: 1, statementTimeoutMs: 600_000, applicationName: 'admin-cli' });
  try {
    const applied = await migrate(db);
    if (runtimeRole) await grantRuntimeRole(db, runtimeRole);
    const lines = applied.length ? applied.map((m) => `applied ${m.version} ${m.name}`) : ['the schema is up to date'];
    if (runtimeRole) lines.push(`the gateways' role ${runtimeRole.name} can read and write rows, not change the schema`);
    out.result(
      { applied: applied.map((m) => ({ version: m.version, name: m.name })), ...(runtimeRole ? { runtimeRole: runtimeRole.name } : {}) },
      lines.join('\n'),
    );
  } finally {
    await db.close();
  }
}
