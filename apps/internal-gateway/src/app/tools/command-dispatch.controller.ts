import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  CommandDispatchService,
  DISPATCH_COMMAND_MODELS,
  DispatchCommandDto,
  DispatchCommandOutcomeDto,
  dispatchCommandRequestSchema,
} from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@ApiExtraModels(...DISPATCH_COMMAND_MODELS)
@Controller('internal-tools')
export class CommandDispatchController {
  constructor(private readonly commands: CommandDispatchService) {}

  @Post('dispatch-command')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Run a command by hand: an unknown command or an invalid body is 400; a valid command the domain refuses is FAILED with its reason',
  })
  @ApiBody({
    schema: dispatchCommandRequestSchema(),
    examples: {
      receiveStock: {
        summary: 'ten tents received at Amsterdam',
        value: {
          commandName: 'RECEIVE_STOCK',
          organizationId: DEMO_ORGANIZATION_ID,
          commandBody: { warehouseId: 'wh-ams-1', barcode: '8710000000011', quantity: 10 },
        },
      },
      allocate: {
        summary: 'allocate an open fulfilment order',
        value: { commandName: 'ALLOCATE_FULFILMENT_ORDER', organizationId: DEMO_ORGANIZATION_ID, commandBody: { fulfilmentOrderId: 'fo-1002' } },
      },
      shipPart: {
        summary: 'ship one parcel of an allocated order, with its tracking (the rest stays allocated)',
        value: {
          commandName: 'SHIP_FULFILMENT_ORDER',
          organizationId: DEMO_ORGANIZATION_ID,
          commandBody: {
            fulfilmentOrderId: 'fo-1002',
            shipment: {
              carrier: 'PostNord',
              service: 'MyPack Home',
              trackingNumber: '00370712345678901234',
              trackingUrl: 'https://tracking.carrier.example/se/?id=00370712345678901234',
              lines: [{ barcode: '8710000000011', quantity: 1 }],
            },
          },
        },
      },
      shipAll: {
        summary: 'ship everything still unshipped, without tracking',
        value: { commandName: 'SHIP_FULFILMENT_ORDER', organizationId: DEMO_ORGANIZATION_ID, commandBody: { fulfilmentOrderId: 'fo-1002' } },
      },
      delivered: {
        summary: 'the carrier reports a parcel delivered',
        value: {
          commandName: 'UPDATE_SHIPMENT',
          organizationId: DEMO_ORGANIZATION_ID,
          commandBody: { shipmentId: '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f', status: 'DELIVERED', occurredAt: '2026-09-19T11:20:00+02:00' },
        },
      },
    },
  })
  @ApiOkResponse({
    type: DispatchCommandOutcomeDto,
    example: {
      outcome: 'SUCCESS',
      result: {
        organizationId: DEMO_ORGANIZATION_ID,
        warehouseId: 'wh-ams-1',
        barcode: '8710000000011',
        fulfillable: 48,
        allocated: 2,
        pendingAllocation: 4,
        sellable: 44,
        onHand: 50,
      },
    },
  })
  @ApiProblemResponses(400, 413, 415, 500)
  dispatchCommand(@CurrentCaller() caller: AuthenticatedCaller, @Body() body: DispatchCommandDto): Promise<DispatchCommandOutcomeDto> {
    return this.commands.dispatch(body, caller.identity.clientId);
  }
}
