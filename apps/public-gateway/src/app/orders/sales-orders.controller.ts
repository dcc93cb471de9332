import { Body, Controller, Get, Headers, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint, NoQueryParameters, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  CancelSalesOrderDto,
  CreateSalesOrderDto,
  Idempotent,
  IdempotentOutcome,
  ListSalesOrdersQuery,
  ORDERS_DOCS,
  SalesOrderChangesService,
  SalesOrderIdParam,
  SalesOrderOutcome,
  SalesOrderPageDto,
  SalesOrderReadService,
  SalesOrderService,
  SalesOrderView,
  StoreIdParam,
  UpdateSalesOrderDto,
  parseIdempotencyKey,
} from '@gateway/public-api';

@ApiTags('orders')
@Authenticated()
@Controller('v0/organizations/:organizationId/stores/:storeId/sales-orders')
export class SalesOrdersController {
  constructor(
    private readonly orders: SalesOrderService,
    private readonly reads: SalesOrderReadService,
    private readonly changes: SalesOrderChangesService,
  ) {}

  @Post()
  @HttpCode(201)
  @Endpoint({ summary: 'Submit a sales order to a store of an organization', ...ORDERS_DOCS.createSalesOrder })
  @Idempotent('web-10001-attempt')
  async createSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @StoreIdParam() storeId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: CreateSalesOrderDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SalesOrderOutcome> {
    const outcome = await this.orders.create(caller, organizationId, storeId, body, parseIdempotencyKey(idempotencyKey));
    res.setHeader('Location', `/v0/organizations/${organizationId}/stores/${encodeURIComponent(storeId)}/sales-orders/${outcome.record.id}`);
    return outcome;
  }

  @Get()
  @Endpoint({ summary: "A store's sales orders, newest first, in pages", ...ORDERS_DOCS.listSalesOrders })
  listSalesOrders(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @StoreIdParam() storeId: string,
    @Query() query: ListSalesOrdersQuery,
  ): Promise<SalesOrderPageDto> {
    return this.reads.list(caller, organizationId, storeId, query);
  }

  @Get(':salesOrderId')
  @Endpoint({ summary: 'One sales order with the state of its fulfilment', ...ORDERS_DOCS.getSalesOrder })
  getSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @StoreIdParam() storeId: string,
    @SalesOrderIdParam() salesOrderId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<SalesOrderView> {
    return this.reads.get(caller, organizationId, storeId, salesOrderId);
  }

  @Patch(':salesOrderId')
  @Endpoint({ summary: "Replace a sales order's shipping address", ...ORDERS_DOCS.updateSalesOrder })
  updateSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @StoreIdParam() storeId: string,
    @SalesOrderIdParam() salesOrderId: string,
    @Body() body: UpdateSalesOrderDto,
  ): Promise<SalesOrderView> {
    return this.changes.updateShippingAddress(caller, organizationId, storeId, salesOrderId, body);
  }

  @Post(':salesOrderId/cancel')
  @HttpCode(200)
  @Endpoint({ summary: 'Cancel a sales order you sent', ...ORDERS_DOCS.cancelSalesOrder })
  @Idempotent('web-10001-cancel')
  cancelSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @StoreIdParam() storeId: string,
    @SalesOrderIdParam() salesOrderId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    // Declared as the class (not `| undefined`), so that its metadata names the DTO and the pipe validates it; no body is no reason.
    @Body() body: CancelSalesOrderDto,
  ): Promise<IdempotentOutcome<SalesOrderView>> {
    return this.changes.cancel(caller, organizationId, storeId, salesOrderId, body, parseIdempotencyKey(idempotencyKey));
  }
}
