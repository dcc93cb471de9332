import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  BackOrderViewDto,
  BackOrderViewService,
  FulfilmentOrderCancellationDto,
  FulfilmentOrderClosureService,
  FulfilmentOrderIdParam,
  INTERNAL_ORDERS_DOCS,
  ReleasedLineDto,
} from '@gateway/internal-api';

@ApiTags('fulfilment-orders')
@Authenticated()
@Controller()
export class FulfilmentOrdersController {
  constructor(
    private readonly closure: FulfilmentOrderClosureService,
    private readonly backOrders: BackOrderViewService,
  ) {}

  @Post('organizations/:organizationId/fulfilment-orders/:fulfilmentOrderId/cancel')
  @HttpCode(200)
  @Endpoint({
    summary:
      'Cancel a fulfilment order (OPEN, ALLOCATED or BACK_ORDERED) and its sales order, releasing what it held; repeating it answers the same; 409 from any other state',
    ...INTERNAL_ORDERS_DOCS.cancelFulfilmentOrder,
  })
  cancelFulfilmentOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @FulfilmentOrderIdParam() fulfilmentOrderId: string,
  ): Promise<FulfilmentOrderCancellationDto> {
    return this.closure.cancel(organizationId, fulfilmentOrderId, caller.identity.clientId);
  }

  @Post('organizations/:organizationId/fulfilment-orders/:fulfilmentOrderId/withdraw')
  @HttpCode(200)
  @Endpoint({
    summary:
      'Withdraw a fulfilment order (OPEN, ALLOCATED or BACK_ORDERED) from its warehouse, releasing what it held; the sales order stands; repeating it answers the same; 409 from any other state',
    ...INTERNAL_ORDERS_DOCS.withdrawFulfilmentOrder,
  })
  withdrawFulfilmentOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @FulfilmentOrderIdParam() fulfilmentOrderId: string,
  ): Promise<ReleasedLineDto[]> {
    return this.closure.withdraw(organizationId, fulfilmentOrderId, caller.identity.clientId);
  }

  @Get('fulfilment-orders/:fulfilmentOrderId/back-order')
  @Endpoint({
    summary:
      'The back-order view of a fulfilment order: its status and, per line, the ordered quantity, what is fulfillable now and the shortfall; changes nothing',
    ...INTERNAL_ORDERS_DOCS.getBackOrder,
  })
  getBackOrder(@FulfilmentOrderIdParam() fulfilmentOrderId: string): Promise<BackOrderViewDto> {
    return this.backOrders.view(fulfilmentOrderId);
  }
}
