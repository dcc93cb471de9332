// The invoice statuses the public document lists are the import file's: one table of them, the contract's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INVOICE_STATUSES } from './invoice.dto';

describe('INVOICE_STATUSES', () => {
  it("equal the import schema's enum of invoice statuses, in its order", () => {
    const schema = JSON.parse(readFileSync(join(__dirname, '../../../../fixture-import/src/policies/fixture.schema.json'), 'utf8'));
    expect([...INVOICE_STATUSES]).toEqual(schema.properties.invoices.items.properties.status.enum);
  });
});
