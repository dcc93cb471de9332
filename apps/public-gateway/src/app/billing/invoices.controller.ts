import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, EntityIdParam, NoQueryParameters, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { InvoiceDetailDto, InvoiceListDto, InvoicesService } from '@gateway/public-api';

@ApiTags('billing')
@Authenticated()
@Controller('v0/organizations/:organizationId/invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  @Get()
  @ApiOperation({ summary: 'The invoices of an organization (restricted to the account owner)' })
  @ApiOkResponse({
    type: InvoiceListDto,
    example: {
      items: [
        {
          id: 'inv-2026-0001',
          number: '2026-0001',
          status: 'FINALIZED',
          subtotal: { amountInMinorUnit: 54500, currency: 'EUR' },
          totalExcludingTax: { amountInMinorUnit: 54500, currency: 'EUR' },
          dueDate: '2028-02-29',
        },
        {
          id: 'inv-2026-0002',
          number: '2026-0002',
          status: 'PAID',
          subtotal: { amountInMinorUnit: 55450, currency: 'EUR' },
          totalExcludingTax: { amountInMinorUnit: 55450, currency: 'EUR' },
          dueDate: '2026-03-28',
          paidAt: '2026-03-20',
        },
      ],
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  listInvoices(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<InvoiceListDto> {
    return this.invoices.list(caller.identity, organizationId);
  }

  @Get(':invoiceId')
  @ApiOperation({ summary: 'One invoice, detail form' })
  @ApiOkResponse({
    type: InvoiceDetailDto,
    example: {
      id: 'inv-2026-0001',
      number: '2026-0001',
      status: 'FINALIZED',
      subtotal: { amountInMinorUnit: 54500, currency: 'EUR' },
      totalExcludingTax: { amountInMinorUnit: 54500, currency: 'EUR' },
      dueDate: '2028-02-29',
      pdfUrl: 'https://billing.example/invoices/2026-0001.pdf',
      lineItems: [{ description: 'Storage, pallet-months', taxRate: 0.21, quantity: 12, unitAmountExcludingTax: { amountInMinorUnit: 1850, currency: 'EUR' } }],
    },
  })
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
