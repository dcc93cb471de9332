import { InventoryLevelRow } from '@gateway/persistence';
import { openLevelPages } from './level-pages';

const row = (barcode: string): InventoryLevelRow => ({ barcode, onHand: 1, allocated: 0, pendingAllocation: 0, sku: barcode, name: barcode, archived: false });

describe('openLevelPages', () => {
  const data: Record<string, string[]> = { a: ['1', '2', '3', '4', '5'], b: [], c: ['1', '2'] };
  const reads: string[] = [];
  const read = async (warehouseId: string, after: string, limit: number) => {
    reads.push(`${warehouseId}>${after}`);
    return data[warehouseId]
      .filter((b) => b > after)
      .slice(0, limit)
      .map(row);
  };

  beforeEach(() => reads.splice(0));

  it('reads the first page at open and each further page only when the walk reaches it', async () => {
    const pages = await openLevelPages(read, ['a', 'b', 'c'], 2);
    expect(reads).toEqual(['a>']);
    const first = await pages.next();
    expect(first.value).toEqual({ warehouseId: 'a', rows: [row('1'), row('2')] });
    expect(reads).toEqual(['a>']);
    await pages.next();
    expect(reads).toEqual(['a>', 'a>2']);
  });

  it('walks every warehouse in order, by keyset, skipping warehouses without rows', async () => {
    const pages = await openLevelPages(read, ['a', 'b', 'c'], 2);
    const seen: string[] = [];
    for await (const page of pages) seen.push(`${page.warehouseId}:${page.rows.map((r) => r.barcode).join('')}`);
    expect(seen).toEqual(['a:12', 'a:34', 'a:5', 'c:12']);
    expect(reads).toEqual(['a>', 'a>2', 'a>4', 'b>', 'c>', 'c>2']);
  });

  it('reads nothing for no warehouse', async () => {
    const pages = await openLevelPages(read, [], 2);
    expect((await pages.next()).done).toBe(true);
    expect(reads).toEqual([]);
  });
});
