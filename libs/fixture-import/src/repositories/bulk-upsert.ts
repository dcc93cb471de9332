// Batched INSERT ... ON CONFLICT DO UPDATE through unnest(), touching only rows whose values differ,
// so that importing the same data twice changes nothing.
import { Queryable } from '@gateway/persistence';
import { SectionCounts } from '../fixture.types';

export interface Column {
  name: string;
  /** Postgres array element type used for unnest, e.g. 'text', 'uuid', 'bigint'. */
  type: string;
}

export interface UpsertSpec {
  table: string;
  key: string[];
  columns: Column[];
  /** Expression per column when it differs from EXCLUDED.column (the current row is `t`). */
  updateExpressions?: Record<string, string>;
  /** What decides whether a row changed: column names, or [current, incoming] expression pairs. Defaults to every non-key column. */
  compare?: (string | [string, string])[];
  /** Extra assignments on update, e.g. "updated_at = now()". */
  touch?: string;
  /** Columns to return for each inserted or changed row. */
  returning?: string[];
}

const CHUNK = 5000;

export async function bulkUpsert<R extends Record<string, unknown> = Record<string, unknown>>(
  q: Queryable,
  spec: UpsertSpec,
  rows: unknown[][],
): Promise<{ counts: SectionCounts; changed: (R & { inserted: boolean })[] }> {
  const counts: SectionCounts = { inserted: 0, updated: 0, unchanged: 0 };
  const changed: (R & { inserted: boolean })[] = [];
  const nonKey = spec.columns.map((c) => c.name).filter((c) => !spec.key.includes(c));
  const compare = spec.compare ?? nonKey;
  const setClause = nonKey.map((c) => `${c} = ${spec.updateExpressions?.[c] ?? `EXCLUDED.${c}`}`);
  if (spec.touch) setClause.push(spec.touch);
  const pairs = compare.map((c) => (typeof c === 'string' ? [`t.${c}`, `EXCLUDED.${c}`] : c));
  const whereChanged = `WHERE (${pairs.map(([current]) => current).join(', ')}) IS DISTINCT FROM (${pairs.map(([, incoming]) => incoming).join(', ')})`;
  const conflict = setClause.length ? `DO UPDATE SET ${setClause.join(', ')} ${whereChanged}` : 'DO NOTHING';
  const returning = [...(spec.returning ?? []), '(xmax = 0) AS inserted'].join(', ');
  const sql = `INSERT INTO ${spec.table} AS t (${spec.columns.map((c) => c.name).join(', ')})
    SELECT * FROM unnest(${spec.columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')})
    ON CONFLICT (${spec.key.join(', ')}) ${conflict}
    RETURNING ${returning}`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const columnsValues = spec.columns.map((_, i) => chunk.map((row) => row[i]));
    const result = await q.query<R & { inserted: boolean }>(sql, columnsValues);
    for (const row of result.rows) {
      if (row.inserted) counts.inserted++;
      else counts.updated++;
      changed.push(row);
    }
    counts.unchanged += chunk.length - result.rows.length;
  }
  return { counts, changed };
}
