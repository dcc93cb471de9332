// The one walk over an organization's inventory levels, shared by the public and the internal reads:
// warehouse by warehouse, keyset pages by barcode, each page read only once the previous one has been
// consumed, so that memory holds one page whatever the number of levels.
export const LEVEL_PAGE_SIZE = 2000;

export interface LevelPage<Row> {
  warehouseId: string;
  /** Never empty. */
  rows: Row[];
}

/** Reads one page of a warehouse's levels after the given barcode ('' for the first). */
export type LevelPageReader<Row> = (warehouseId: string, afterBarcode: string, limit: number) => Promise<Row[]>;

/**
 * Reads the first page now, so that a failing database is reported before an answer starts; the rest is
 * read while the walk is consumed. A warehouse without rows yields no page.
 */
export async function openLevelPages<Row extends { barcode: string }>(
  read: LevelPageReader<Row>,
  warehouses: string[],
  pageSize = LEVEL_PAGE_SIZE,
): Promise<AsyncGenerator<LevelPage<Row>>> {
  // Handed over in a holder, not as an argument: a generator keeps its arguments for as long as it runs.
  const held: Held<Row> = { rows: warehouses.length > 0 ? await read(warehouses[0], '', pageSize) : [] };
  return walk(read, warehouses, held, pageSize);
}

async function* walk<Row extends { barcode: string }>(
  read: LevelPageReader<Row>,
  warehouses: string[],
  held: Held<Row>,
  pageSize: number,
): AsyncGenerator<LevelPage<Row>> {
  // The page is kept in `held`, and taken out as it is yielded: a suspended generator keeps its local
  // variables, so a page in one would stay reachable while the next is read (see sendJsonStream).
  for (const warehouseId of warehouses) {
    let after: string | undefined = '';
    while (after !== undefined) {
      held.rows ??= await read(warehouseId, after, pageSize);
      const count = held.rows.length;
      after = count === pageSize ? held.rows[count - 1].barcode : undefined;
      if (count > 0) yield { warehouseId, rows: take(held) };
      else held.rows = undefined;
    }
  }
}

/** The page read and not yet yielded. */
interface Held<Row> {
  rows?: Row[];
}

function take<Row>(held: Held<Row>): Row[] {
  const rows = held.rows as Row[];
  held.rows = undefined;
  return rows;
}
