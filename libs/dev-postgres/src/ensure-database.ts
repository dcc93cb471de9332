// Creates a database on a Postgres server unless it exists (optionally as a copy of a template).
import pg from 'pg';

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) return false;
    const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
    await client.query(`CREATE DATABASE ${ident(database)}${template ? ` TEMPLATE ${ident(template)}` : ''}`);
    return true;
  } finally {
    await client.end();
  }
}
