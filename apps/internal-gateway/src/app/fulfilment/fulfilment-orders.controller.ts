import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, EntityIdParam, OrganizationIdParam } from '@gateway/platform';
import {
  Authenticated,
  AuthenticatedCaller,
  BackOrderViewDto,
  BackOrderViewService,
  CurrentCaller,
  FulfilmentOrderCancellationDto,
  FulfilmentOrderClosureService,
  ReleasedLineDto,
} from '@gateway/domain';

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
  @ApiOperation({ summary: 'Cancel a fulfilment order (OPEN, ALLOCATED or BACK_ORDERED) and its sales order, releasing what it held; repeating it answers the same; 409 from any other state' })
  @ApiOkResponse({ type: FulfilmentOrderCancellationDto })
  @ApiProblemResponses(400, 404, 409, 500)
  cancelFulfilmentOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('fulfilmentOrderId', 'the fulfilment order') fulfilmentOrderId: string,
  ): Promise<FulfilmentOrderCancellationDto> {
    return this.closure.cancel(organizationId, fulfilmentOrderId, caller.identity.clientId);
  }

  @Post('organizations/:organizationId/fulfilment-orders/:fulfilmentOrderId/withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw a fulfilment order (OPEN, ALLOCATED or BACK_ORDERED) from its warehouse, releasing what it held; the sales order stands; repeating it answers the same; 409 from any other state' })
  @ApiOkResponse({ type: [ReleasedLineDto], description: 'the lines released, in line order' })
  @ApiProblemResponses(400, 404, 409, 500)
  withdrawFulfilmentOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('fulfilmentOrderId', 'the fulfilment order') fulfilmentOrderId: string,
  ): Promise<ReleasedLineDto[]> {
    return this.closure.withdraw(organizationId, fulfilmentOrderId, caller.identity.clientId);
  }

  @Get('fulfilment-orders/:fulfilmentOrderId/back-order')
  @ApiOperation({ summary: 'The back-order view of a fulfilment order: its status and, per line, the ordered quantity, what is fulfillable now and the shortfall; changes nothing' })
  @ApiOkResponse({ type: BackOrderViewDto })
  @ApiProblemResponses(400, 404, 500)
  getBackOrder(@EntityIdParam('fulfilmentOrderId', 'the fulfilment order') fulfilmentOrderId: string): Promise<BackOrderViewDto> {
    return this.backOrders.view(fulfilmentOrderId);
  }
}
