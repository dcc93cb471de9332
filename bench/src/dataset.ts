// The generated benchmark data, written through the real importer (the code behind `admin import`):
// three organizations with 1,000, 10,000 and 100,000 inventory rows (half as many retail units, each
// stocked at two warehouses), a store each, and invoices for the smallest.
import { createHash } from 'node:crypto';
import { Database, DomainEventRepository } from '@gateway/persistence';
import { Fixture, FixtureImportService, FixtureRepository } from '@gateway/fixture-import';

export const INVENTORY_SIZES = [1_000, 10_000, 100_000] as const;
export type InventorySize = (typeof INVENTORY_SIZES)[number];

export interface BenchOrganization {
  organizationId: string;
  storeId: string;
  /** The warehouse of the store, where sales orders are fulfilled. */
  warehouseId: string;
  /** Every barcode of the organization (each stocked at both warehouses). */
  barcodes: string[];
  inventoryRows: number;
}

export type BenchDataset = Record<InventorySize, BenchOrganization>;

const WAREHOUSES = ['wh-bench-a', 'wh-bench-b'];
const INVOICES = 25;

/** A stable UUID per name, so that runs are comparable. */
function uuidFor(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function organizationFixture(size: InventorySize, scale: number): { fixture: Fixture; organization: BenchOrganization } {
  const organizationId = uuidFor(`bench-organization-${size}`);
  const tag = `o${size}`;
  const storeId = `store-${tag}`;
  const units = Math.round((size * scale) / WAREHOUSES.length);
  const barcodes = Array.from({ length: units }, (_, i) => `${tag.toUpperCase()}-${String(i).padStart(6, '0')}`);
  const fixture: Fixture = {
    organizations: [{ id: organizationId, name: `Benchmark organization (${size} inventory rows)` }],
    stores: [{ id: storeId, organizationId, name: 'Web shop', warehouseId: WAREHOUSES[0] }],
    retailUnits: barcodes.map((barcode, i) => ({ organizationId, barcode, sku: `SKU-${barcode}`, name: `Unit ${i}`, weightGram: 100 + (i % 900) })),
    inventory: WAREHOUSES.flatMap((warehouseId, w) =>
      barcodes.map((barcode, i) => ({ organizationId, warehouseId, barcode, onHand: 1_000 + ((i * 7 + w) % 500), allocated: i % 5 })),
    ),
    invoices:
      size === INVENTORY_SIZES[0]
        ? Array.from({ length: INVOICES }, (_, i) => ({
            id: `inv-${tag}-${i}`,
            organizationId,
            number: `B-${String(i + 1).padStart(5, '0')}`,
            status: i % 3 === 0 ? 'PAID' : 'FINALIZED',
            subtotal: { amountInMinorUnit: 10_000 + i, currency: 'EUR' },
            totalExcludingTax: { amountInMinorUnit: 10_000 + i, currency: 'EUR' },
            dueDate: '2026-10-31',
            ...(i % 3 === 0 ? { paidAt: '2026-10-02' } : {}),
            lineItems: [
              { description: 'Storage', taxRate: 0.21, quantity: 1, unitAmountExcludingTax: { amountInMinorUnit: 6_000, currency: 'EUR' } },
              { description: 'Picking', taxRate: 0.21, quantity: 40, unitAmountExcludingTax: { amountInMinorUnit: 100 + i, currency: 'EUR' } },
            ],
          }))
        : [],
  } as Fixture;
  return { fixture, organization: { organizationId, storeId, warehouseId: WAREHOUSES[0], barcodes, inventoryRows: units * WAREHOUSES.length } };
}

/**
 * Imports the dataset, one organization per import (all or nothing each); returns what the scenarios address.
 * `scale` shrinks every organization's rows alike (the baseline's equivalence test imports a twentieth).
 */
export async function loadDataset(db: Database, say: (line: string) => void, scale = 1): Promise<BenchDataset> {
  const importer = new FixtureImportService(db, new FixtureRepository(new DomainEventRepository()));
  await importer.import({ warehouses: WAREHOUSES.map((id) => ({ id, name: `Benchmark warehouse ${id}` })) });
  const dataset = {} as BenchDataset;
  for (const size of INVENTORY_SIZES) {
    const started = Date.now();
    const { fixture, organization } = organizationFixture(size, scale);
    await importer.import(fixture);
    say(`imported the organization with ${organization.inventoryRows.toLocaleString('en')} inventory rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    dataset[size] = organization;
  }
  return dataset;
}
