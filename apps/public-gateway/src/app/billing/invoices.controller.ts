import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, EntityIdParam, NoQueryParameters, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller, InvoiceDetailDto, InvoiceListDto, InvoicesService } from '@gateway/domain';

@ApiTags('billing')
@Authenticated()
@Controller('v0/organizations/:organizationId/invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  @ApiOperation({ summary: 'The invoices of an organization (restricted to the account owner)' })
  @ApiOkResponse({ type: InvoiceListDto })
  @ApiProblemResponses(400, 403, 404, 500)
  listInvoices(@CurrentCaller() caller: AuthenticatedCaller, @OrganizationIdParam() organizationId: string, @Query() _query: NoQueryParameters): Promise<InvoiceListDto> {
    return this.invoices.list(caller.identity, organizationId);
  }

  @Get(':invoiceId')
  @ApiOperation({ summary: 'One invoice, detail form' })
  @ApiOkResponse({ type: InvoiceDetailDto })
  @ApiProblemResponses(400, 403, 404, 500)
  getInvoice(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('invoiceId', 'the invoice', 'inv-2026-0001') invoiceId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<InvoiceDetailDto> {
    return this.invoices.detail(caller.identity, organizationId, invoiceId);
  }
}
