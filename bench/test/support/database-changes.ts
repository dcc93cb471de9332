// What a request changed in the database: every row of every table (every schema) copied, as JSON text,
// into a table of a schema of the test's own before the request and again after it, and the two copies
// compared in Postgres, so that only the rows that differ leave the database. The difference is stated row by row
// (matched by primary key): rows inserted, rows deleted, and for a row updated the columns that changed,
// numbers as their difference (two requests that add the same quantity to one level compare equal
// although the level's value differs between them).
import { randomBytes } from 'node:crypto';
import { Database } from '@gateway/persistence';

type Row = Record<string, unknown>;

/** Where the copies are kept: a schema no server reads, left out of the tables compared. */
const SNAPSHOT_SCHEMA = 'test_snapshots';

interface Table {
  /** schema.table; a partitioned table is read whole, its partitions not apart. */
  name: string;
  /** Primary-key columns; empty: the whole row is its key. */
  key: string[];
}

export interface Snapshot {
  copy: string;
  tables: Table[];
  drop(): Promise<void>;
}

export type RowChange =
  | { table: string; change: 'inserted'; row: Row }
  | { table: string; change: 'deleted'; row: Row }
  | { table: string; change: 'updated'; key: Row; columns: Record<string, { by: number } | { from: unknown; to: unknown }> };

async function tablesOf(db: Database): Promise<Table[]> {
  const { rows } = await db.query<{ name: string; key: string[] | null }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name,
            (SELECT array_agg(a.attname::text ORDER BY k.ord)
               FROM pg_index i CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
               JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
              WHERE i.indrelid = c.oid AND i.indisprimary) AS key
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname NOT IN ('pg_catalog', 'information_schema', $1) AND n.nspname NOT LIKE 'pg_toast%'
      ORDER BY 1`,
    [SNAPSHOT_SCHEMA],
  );
  return rows.map((r) => ({ name: r.name, key: r.key ?? [] }));
}

/** Every row of the tables, as (table, JSON text). */
const rowsOf = (tables: Table[]) => tables.map((t) => `SELECT ${literal(t.name)} AS tbl, row_to_json(t)::text AS row FROM ${t.name} t`).join(' UNION ALL ');
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export async function snapshot(db: Database): Promise<Snapshot> {
  const tables = await tablesOf(db);
  const copy = `${SNAPSHOT_SCHEMA}.s_${randomBytes(6).toString('hex')}`;
  await db.query(`CREATE SCHEMA IF NOT EXISTS ${SNAPSHOT_SCHEMA}`);
  await db.query(`CREATE UNLOGGED TABLE ${copy} AS ${rowsOf(tables)}`);
  return { copy, tables, drop: async () => void (await db.query(`DROP TABLE ${copy}`)) };
}

/** The rows that differ between two snapshots (of the tables of the first), in table order. */
export async function changesBetween(db: Database, since: Snapshot, until: Snapshot): Promise<RowChange[]> {
  const { rows } = await db.query<{ side: 'before' | 'after'; tbl: string; row: string }>(
    `SELECT 'after' AS side, tbl, row FROM (SELECT tbl, row FROM ${until.copy} EXCEPT ALL SELECT tbl, row FROM ${since.copy}) a
     UNION ALL
     SELECT 'before' AS side, tbl, row FROM (SELECT tbl, row FROM ${since.copy} EXCEPT ALL SELECT tbl, row FROM ${until.copy}) b`,
  );
  const changes: RowChange[] = [];
  for (const table of since.tables) {
    const keyOf = (row: Row) => JSON.stringify(table.key.length ? table.key.map((column) => row[column]) : row);
    const side = (name: 'before' | 'after') =>
      new Map(
        rows
          .filter((r) => r.tbl === table.name && r.side === name)
          .map((r) => JSON.parse(r.row) as Row)
          .map((row) => [keyOf(row), row]),
      );
    const [before, after] = [side('before'), side('after')];
    for (const [key, row] of after) {
      const old = before.get(key);
      if (!old) {
        changes.push({ table: table.name, change: 'inserted', row });
        continue;
      }
      const columns: Extract<RowChange, { change: 'updated' }>['columns'] = {};
      for (const column of Object.keys(row)) {
        const [from, to] = [old[column], row[column]];
        if (JSON.stringify(from) === JSON.stringify(to)) continue;
        columns[column] = typeof from === 'number' && typeof to === 'number' ? { by: to - from } : { from, to };
      }
      changes.push({ table: table.name, change: 'updated', key: Object.fromEntries(table.key.map((column) => [column, row[column]])), columns });
    }
    for (const [key, row] of before) if (!after.has(key)) changes.push({ table: table.name, change: 'deleted', row });
  }
  return changes;
}
