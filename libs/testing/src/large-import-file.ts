// Writes an import file of a given size without holding it in memory: one organization, one warehouse,
// and as many retail units and inventory levels as it takes (about 260 bytes per barcode).
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const LARGE_IMPORT_ORGANIZATION = '5d3c2b1a-0f9e-4d8c-b7a6-958473625140';
export const LARGE_IMPORT_WAREHOUSE = 'wh-large-1';

/**
 * Writes about `bytes` bytes to `path`; answers how many barcodes (retail units, and inventory levels) it holds.
 * With `negativeLastLevel`, the last inventory level has `allocated: -1`: the whole file must be read to find it.
 */
export async function writeLargeImportFile(
  path: string,
  bytes: number,
  options: { negativeLastLevel?: boolean } = {},
): Promise<{ barcodes: number; bytes: number }> {
  const out = createWriteStream(path);
  let written = 0;
  const write = async (text: string) => {
    written += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const organizationId = LARGE_IMPORT_ORGANIZATION;
  await write(
    `{"warehouses":[{"id":"${LARGE_IMPORT_WAREHOUSE}","name":"Large warehouse"}],"organizations":[{"id":"${organizationId}","name":"Large organization"}],\n"retailUnits":[`,
  );
  const barcodes = Math.max(1, Math.ceil(bytes / 260));
  const barcode = (i: number) => `LRG${String(i).padStart(10, '0')}`;
  for (let i = 0; i < barcodes; i++) {
    await write(
      `${i ? ',' : ''}\n{"organizationId":"${organizationId}","barcode":"${barcode(i)}","sku":"SKU-${barcode(i)}","name":"Large unit ${i}","weightGram":${100 + (i % 900)}}`,
    );
  }
  await write('],\n"inventory":[');
  for (let i = 0; i < barcodes; i++) {
    const allocated = options.negativeLastLevel && i === barcodes - 1 ? ',"allocated":-1' : '';
    await write(
      `${i ? ',' : ''}\n{"organizationId":"${organizationId}","warehouseId":"${LARGE_IMPORT_WAREHOUSE}","barcode":"${barcode(i)}","onHand":${i % 1000}${allocated}}`,
    );
  }
  await write(']}\n');
  out.end();
  await once(out, 'finish');
  return { barcodes, bytes: written };
}
