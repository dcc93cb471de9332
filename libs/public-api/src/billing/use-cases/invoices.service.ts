// Reading invoices (spec 4.1): restricted per the access table, shaped field by field.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem } from '@gateway/platform';
import { ReplicaReads } from '@gateway/persistence';
import { InvoiceRepository, InvoiceRow } from '@gateway/persistence-public';
import { CallerIdentity, OrganizationAccessPolicy } from '@gateway/domain';
import { InvoiceDetailDto, InvoiceListDto, InvoiceListItemDto, InvoiceStatus } from '../dto/invoice.dto';

function listForm(row: InvoiceRow): InvoiceListItemDto {
  return {
    id: row.id,
    number: row.number,
    status: row.status as InvoiceStatus,
    subtotal: { amountInMinorUnit: row.subtotalAmount, currency: row.subtotalCurrency },
    totalExcludingTax: { amountInMinorUnit: row.totalExcludingTaxAmount, currency: row.totalExcludingTaxCurrency },
    ...(row.dueDate !== null ? { dueDate: row.dueDate } : {}),
    ...(row.paidAt !== null ? { paidAt: row.paidAt } : {}),
  };
}

@Injectable()
export class InvoicesService {
  constructor(
    // Invoices may lag (contract section 8): the replica's when there is one.
    private readonly db: ReplicaReads,
    private readonly invoices: InvoiceRepository,
    private readonly access: OrganizationAccessPolicy,
  ) {}

  async list(identity: CallerIdentity, organizationId: string): Promise<InvoiceListDto> {
    await this.access.assertCanReadInvoices(identity, organizationId);
    return { items: (await this.invoices.list(this.db, organizationId)).map(listForm) };
  }

  async detail(identity: CallerIdentity, organizationId: string, invoiceId: string): Promise<InvoiceDetailDto> {
    await this.access.assertCanReadInvoices(identity, organizationId);
    const invoice = await this.invoices.find(this.db, organizationId, invoiceId);
    if (!invoice) throw new NotFoundProblem('The invoice does not exist in this organization.');
    return {
      ...listForm(invoice),
      ...(invoice.pdfUrl !== null ? { pdfUrl: invoice.pdfUrl } : {}),
      lineItems: invoice.lineItems.map((l) => ({
        description: l.description,
        taxRate: l.taxRate,
        quantity: l.quantity,
        unitAmountExcludingTax: { amountInMinorUnit: l.unitAmountExcludingTax, currency: l.unitCurrency },
      })),
    };
  }
}
