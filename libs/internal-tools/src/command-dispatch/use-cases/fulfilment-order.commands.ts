// ALLOCATE_FULFILMENT_ORDER and SHIP_FULFILMENT_ORDER: the same body, a use case each.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { FulfilmentOrderAllocationService, FulfilmentOrderShippingService, FulfilmentOrderStatusDto } from '@gateway/internal-api';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';
import { IsEntityId } from '../policies/command-body-rules';

@ClosedSchema()
export class FulfilmentOrderCommandBody {
  @ApiProperty({ pattern: '^[A-Za-z0-9._:-]{1,100}$', description: 'a fulfilment order of the organization' }) @IsEntityId() fulfilmentOrderId!: string;
}

/** To ALLOCATED when every line is fulfillable, else BACK_ORDERED; the result is where the order is now. */
@DispatchableCommand({ name: 'ALLOCATE_FULFILMENT_ORDER', body: FulfilmentOrderCommandBody, result: FulfilmentOrderStatusDto })
export class AllocateFulfilmentOrderCommand implements CommandHandler<FulfilmentOrderCommandBody> {
  constructor(private readonly allocation: FulfilmentOrderAllocationService) {}

  handle(body: FulfilmentOrderCommandBody, context: CommandContext): Promise<FulfilmentOrderStatusDto> {
    return this.allocation.allocate(context.organizationId, body.fulfilmentOrderId, context.initiator);
  }
}

/** From ALLOCATED (through PICKING) or PICKING to SHIPPED. */
@DispatchableCommand({ name: 'SHIP_FULFILMENT_ORDER', body: FulfilmentOrderCommandBody, result: FulfilmentOrderStatusDto })
export class ShipFulfilmentOrderCommand implements CommandHandler<FulfilmentOrderCommandBody> {
  constructor(private readonly shipping: FulfilmentOrderShippingService) {}

  handle(body: FulfilmentOrderCommandBody, context: CommandContext): Promise<FulfilmentOrderStatusDto> {
    return this.shipping.ship(context.organizationId, body.fulfilmentOrderId, context.initiator);
  }
}
