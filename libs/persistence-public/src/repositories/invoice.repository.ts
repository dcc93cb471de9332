// SQL of invoices and their line items.
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';

export interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  subtotalAmount: number;
  subtotalCurrency: string;
  totalExcludingTaxAmount: number;
  totalExcludingTaxCurrency: string;
  dueDate: string | null;
  paidAt: string | null;
  pdfUrl: string | null;
}

export interface InvoiceLineRow {
  description: string;
  taxRate: number;
  quantity: number;
  unitAmountExcludingTax: number;
  unitCurrency: string;
}

const COLUMNS = `id, number, status, subtotal_amount, subtotal_currency, total_excluding_tax_amount, total_excluding_tax_currency,
  due_date, paid_at, pdf_url`;

interface Row {
  id: string;
  number: string;
  status: string;
  subtotal_amount: number;
  subtotal_currency: string;
  total_excluding_tax_amount: number;
  total_excluding_tax_currency: string;
  due_date: string | null;
  paid_at: string | null;
  pdf_url: string | null;
}

const toInvoice = (r: Row): InvoiceRow => ({
  id: r.id,
  number: r.number,
  status: r.status,
  subtotalAmount: r.subtotal_amount,
  subtotalCurrency: r.subtotal_currency,
  totalExcludingTaxAmount: r.total_excluding_tax_amount,
  totalExcludingTaxCurrency: r.total_excluding_tax_currency,
  dueDate: r.due_date,
  paidAt: r.paid_at,
  pdfUrl: r.pdf_url,
});

/**
 * Nothing of a sandbox is billed (contract 6.10): its invoices, were any stored, are never shown. The organization
 * ($1) is live: a condition Postgres evaluates once per statement, one probe of its key.
 */
const BILLED = `EXISTS (SELECT 1 FROM organizations WHERE id = $1 AND environment = 'LIVE')`;

@Injectable()
export class InvoiceRepository {
  async list(q: Queryable, organizationId: string): Promise<InvoiceRow[]> {
    const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM invoices WHERE organization_id = $1 AND ${BILLED} ORDER BY number, id`, [organizationId]);
    return rows.map(toInvoice);
  }

  async find(q: Queryable, organizationId: string, invoiceId: string): Promise<(InvoiceRow & { lineItems: InvoiceLineRow[] }) | undefined> {
    const { rows } = await q.query<Row>(`SELECT ${COLUMNS} FROM invoices WHERE organization_id = $1 AND id = $2 AND ${BILLED}`, [organizationId, invoiceId]);
    if (!rows[0]) return undefined;
    const lines = await q.query<{ description: string; tax_rate: number; quantity: number; unit_amount_excluding_tax: number; unit_currency: string }>(
      'SELECT description, tax_rate, quantity, unit_amount_excluding_tax, unit_currency FROM invoice_line_items WHERE invoice_id = $1 ORDER BY position',
      [invoiceId],
    );
    return {
      ...toInvoice(rows[0]),
      lineItems: lines.rows.map((l) => ({
        description: l.description,
        taxRate: l.tax_rate,
        quantity: l.quantity,
        unitAmountExcludingTax: l.unit_amount_excluding_tax,
        unitCurrency: l.unit_currency,
      })),
    };
  }
}
