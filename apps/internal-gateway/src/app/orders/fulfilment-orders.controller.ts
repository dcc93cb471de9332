import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, EntityIdParam, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { BackOrderViewDto, BackOrderViewService, FulfilmentOrderCancellationDto, FulfilmentOrderClosureService, ReleasedLineDto } from '@gateway/internal-api';

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
  @ApiOperation({
    summary:
      'Cancel a fulfilment order (OPEN, ALLOCATED or BACK_ORDERED) and its sales order, releasing what it held; repeating it answers the same; 409 from any other state',
  })
  @ApiOkResponse({
    type: FulfilmentOrderCancellationDto,
    example: {
      fulfilmentOrderId: 'fo-1002',
      organizationId: DEMO_ORGANIZATION_ID,
      status: 'CANCELLED',
      releasedLines: [{ barcode: '8710000000011', warehouseId: 'wh-ams-1', quantity: 3 }],
    },
  })
  @ApiProblemResponses(400, 404, 409, 500)
  cancelFulfilmentOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('fulfilmentOrderId', 'the fulfilment order', 'fo-1002') fulfilmentOrderId: string,
  ): Promise<FulfilmentOrderCancellationDto> {
    return this.closure.cancel(organizationId, fulfilmentOrderId, caller.identity.clientId);
  }

  @Post('organizations/:organizationId/fulfilment-orders/:fulfilmentOrderId/withdraw')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Withdraw a fulfilment order (OPEN, ALLOCATED or BACK_ORDERED) from its warehouse, releasing what it held; the sales order stands; repeating it answers the same; 409 from any other state',
  })
  @ApiOkResponse({
    type: [ReleasedLineDto],
    description: 'the lines released, in line order',
    example: [{ barcode: '8710000000035', warehouseId: 'wh-ber-1', quantity: 5 }],
  })
  @ApiProblemResponses(400, 404, 409, 500)
  withdrawFulfilmentOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('fulfilmentOrderId', 'the fulfilment order', 'fo-1002') fulfilmentOrderId: string,
  ): Promise<ReleasedLineDto[]> {
    return this.closure.withdraw(organizationId, fulfilmentOrderId, caller.identity.clientId);
  }

  @Get('fulfilment-orders/:fulfilmentOrderId/back-order')
  @ApiOperation({
    summary:
      'The back-order view of a fulfilment order: its status and, per line, the ordered quantity, what is fulfillable now and the shortfall; changes nothing',
  })
  @ApiOkResponse({
    type: BackOrderViewDto,
    example: {
      fulfilmentOrderId: 'fo-1001',
      organizationId: DEMO_ORGANIZATION_ID,
      warehouseId: 'wh-ams-1',
      status: 'ALLOCATED',
      backOrdered: false,
      lines: [{ barcode: '8710000000011', quantity: 2, fulfillable: 38, shortfall: 0 }],
    },
  })
  @ApiProblemResponses(400, 404, 500)
  getBackOrder(@EntityIdParam('fulfilmentOrderId', 'the fulfilment order', 'fo-1002') fulfilmentOrderId: string): Promise<BackOrderViewDto> {
    return this.backOrders.view(fulfilmentOrderId);
  }
}
