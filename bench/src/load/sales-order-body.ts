// The sales orders the benchmark submits: two lines over barcodes of the organization, so that
// concurrent orders rarely wait on the same inventory level.
import { randomInt } from 'node:crypto';

export function salesOrderBody(reference: string, barcodes: string[]): string {
  const pick = () => barcodes[randomInt(barcodes.length)];
  const lines = [pick(), pick()].map((barcode, i) => ({
    name: `Unit ${barcode}`,
    sku: `SKU-${barcode}`,
    barcode,
    quantity: 1 + i,
    price: { currency: 'EUR', amountInMinorUnit: 1299 },
    weightGram: 250,
  }));
  return JSON.stringify({
    orderReference: reference,
    placedAt: '2026-10-01T12:00:00Z',
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    lineItems: lines,
  });
}
