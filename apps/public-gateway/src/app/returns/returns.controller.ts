import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint, NoQueryParameters, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller, ReturnDto } from '@gateway/domain';
import {
  CancelReturnDto,
  CreateReturnDto,
  Idempotent,
  IdempotentOutcome,
  ListReturnsQuery,
  RETURNS_DOCS,
  ReturnIdParam,
  ReturnListDto,
  ReturnPageDto,
  ReturnsService,
  SalesOrderIdParam,
  StoreIdParam,
  parseIdempotencyKey,
} from '@gateway/public-api';

@ApiTags('returns')
@Authenticated()
@Controller('v0/organizations/:organizationId')
export class ReturnsController {
  constructor(private readonly returns: ReturnsService) {}

  @Post('stores/:storeId/sales-orders/:salesOrderId/returns')
  @HttpCode(201)
  @Endpoint({ summary: 'Announce a return of a shipped sales order', ...RETURNS_DOCS.createReturn })
  @Idempotent('rma-1042')
  async createReturn(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @StoreIdParam() storeId: string,
    @SalesOrderIdParam() salesOrderId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: CreateReturnDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<IdempotentOutcome<ReturnDto>> {
    const outcome = await this.returns.create(caller, organizationId, storeId, salesOrderId, body, parseIdempotencyKey(idempotencyKey));
    res.setHeader('Location', `/v0/organizations/${organizationId}/returns/${outcome.record.id}`);
    return outcome;
  }

  @Get('stores/:storeId/sales-orders/:salesOrderId/returns')
  @Endpoint({ summary: "A sales order's returns, oldest first", ...RETURNS_DOCS.listSalesOrderReturns })
  listSalesOrderReturns(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @StoreIdParam() storeId: string,
    @SalesOrderIdParam() salesOrderId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<ReturnListDto> {
    return this.returns.listOfSalesOrder(caller, organizationId, storeId, salesOrderId);
  }

  @Get('returns')
  @Endpoint({ summary: "An organization's returns, newest first, in pages", ...RETURNS_DOCS.listReturns })
  listReturns(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() query: ListReturnsQuery,
  ): Promise<ReturnPageDto> {
    return this.returns.page(caller, organizationId, query);
  }

  @Get('returns/:returnId')
  @Endpoint({ summary: 'One return', ...RETURNS_DOCS.getReturn })
  getReturn(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @ReturnIdParam() returnId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<ReturnDto> {
    return this.returns.get(caller, organizationId, returnId);
  }

  @Post('returns/:returnId/cancel')
  @HttpCode(200)
  @Endpoint({ summary: 'Cancel a return that has not arrived', ...RETURNS_DOCS.cancelReturn })
  cancelReturn(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @ReturnIdParam() returnId: string,
    // Declared as the class, so that the pipe refuses any property; no body is none.
    @Body() _body: CancelReturnDto,
  ): Promise<ReturnDto> {
    return this.returns.cancel(caller, organizationId, returnId);
  }
}
