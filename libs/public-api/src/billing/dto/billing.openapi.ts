// The OpenAPI documentation of the billing operations (the controller states their summaries).
import { operationDocs } from '@gateway/platform';
import { InvoiceDetailDto, InvoiceListDto } from './invoice.dto';

const MONEY = (amountInMinorUnit: number) => ({ amountInMinorUnit, currency: 'EUR' });
const INVOICE_EXAMPLE = {
  id: 'inv-2026-0001',
  number: '2026-0001',
  status: 'FINALIZED',
  subtotal: MONEY(54500),
  totalExcludingTax: MONEY(54500),
  dueDate: '2028-02-29',
};

export const BILLING_DOCS = operationDocs({
  listInvoices: {
    answer: {
      type: InvoiceListDto,
      example: {
        items: [
          INVOICE_EXAMPLE,
          {
            id: 'inv-2026-0002',
            number: '2026-0002',
            status: 'PAID',
            subtotal: MONEY(55450),
            totalExcludingTax: MONEY(55450),
            dueDate: '2026-03-28',
            paidAt: '2026-03-20',
          },
        ],
      },
    },
    problems: [400, 403, 404, 500],
  },
  getInvoice: {
    answer: {
      type: InvoiceDetailDto,
      example: {
        ...INVOICE_EXAMPLE,
        pdfUrl: 'https://billing.example/invoices/2026-0001.pdf',
        lineItems: [{ description: 'Storage, pallet-months', taxRate: 0.21, quantity: 12, unitAmountExcludingTax: MONEY(1850) }],
      },
    },
    problems: [400, 403, 404, 500],
  },
});
