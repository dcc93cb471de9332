import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EntityIdParam, Endpoint, NoQueryParameters, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { BILLING_DOCS, InvoiceDetailDto, InvoiceListDto, InvoicesService } from '@gateway/public-api';

@ApiTags('billing')
@Authenticated()
@Controller('v0/organizations/:organizationId/invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  @Endpoint({ summary: 'The invoices of an organization (restricted to the account owner)', ...BILLING_DOCS.listInvoices })
  listInvoices(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<InvoiceListDto> {
    return this.invoices.list(caller.identity, organizationId);
  }

  @Get(':invoiceId')
  @Endpoint({ summary: 'One invoice, detail form', ...BILLING_DOCS.getInvoice })
  getInvoice(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('invoiceId', 'the invoice', 'inv-2026-0001') invoiceId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<InvoiceDetailDto> {
    return this.invoices.detail(caller.identity, organizationId, invoiceId);
  }
}
