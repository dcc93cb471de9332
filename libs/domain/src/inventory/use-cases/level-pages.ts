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
  const first = warehouses.length > 0 ? await read(warehouses[0], '', pageSize) : [];
  return walk(read, warehouses, first, pageSize);
}

async function* walk<Row extends { barcode: string }>(
  read: LevelPageReader<Row>,
  warehouses: string[],
  first: Row[],
  pageSize: number,
): AsyncGenerator<LevelPage<Row>> {
  for (const [index, warehouseId] of warehouses.entries()) {
    let rows = index === 0 ? first : await read(warehouseId, '', pageSize);
    while (rows.length > 0) {
      yield { warehouseId, rows };
      rows = rows.length < pageSize ? [] : await read(warehouseId, rows[rows.length - 1].barcode, pageSize);
    }
  }
}
