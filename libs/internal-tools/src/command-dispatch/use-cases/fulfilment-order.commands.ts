// ALLOCATE_FULFILMENT_ORDER and SHIP_FULFILMENT_ORDER (with its optional shipment), a use case each.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { ClosedSchema, NestedObject } from '@gateway/platform';
import { Database } from '@gateway/persistence';
import { FulfilmentOrderAllocation, FulfilmentOrderShipping, FulfilmentOrderStatusDto, ShipmentBody } from '@gateway/domain';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';
import { IsEntityId } from '../policies/command-body-rules';

const Optional = () => ValidateIf((_object, value) => value !== undefined);

@ClosedSchema()
export class FulfilmentOrderCommandBody {
  @ApiProperty({ pattern: '^[A-Za-z0-9._:-]{1,100}$', description: 'a fulfilment order of the organization', example: 'FO-1001' })
  @IsEntityId()
  fulfilmentOrderId!: string;
}

@ClosedSchema()
export class ShipFulfilmentOrderBody extends FulfilmentOrderCommandBody {
  @ApiPropertyOptional({
    type: () => ShipmentBody,
    description: 'the parcel this command ships (contract 6.7); without it, everything unshipped ships in one shipment without tracking',
  })
  @Optional()
  @NestedObject(() => ShipmentBody)
  shipment?: ShipmentBody;
}

/** To ALLOCATED when every line is fulfillable, else BACK_ORDERED; the result is where the order is now. */
@DispatchableCommand({ name: 'ALLOCATE_FULFILMENT_ORDER', body: FulfilmentOrderCommandBody, result: FulfilmentOrderStatusDto })
export class AllocateFulfilmentOrderCommand implements CommandHandler<FulfilmentOrderCommandBody> {
  constructor(
    private readonly db: Database,
    private readonly allocation: FulfilmentOrderAllocation,
  ) {}

  handle(body: FulfilmentOrderCommandBody, context: CommandContext): Promise<FulfilmentOrderStatusDto> {
    return this.db.transaction((tx) => this.allocation.allocate(tx, context.organizationId, body.fulfilmentOrderId, context.initiator));
  }
}

/** From ALLOCATED (through PICKING), PICKING or PARTIALLY_SHIPPED: one shipment, to SHIPPED when nothing is left, else PARTIALLY_SHIPPED. */
@DispatchableCommand({ name: 'SHIP_FULFILMENT_ORDER', body: ShipFulfilmentOrderBody, result: FulfilmentOrderStatusDto })
export class ShipFulfilmentOrderCommand implements CommandHandler<ShipFulfilmentOrderBody> {
  constructor(
    private readonly db: Database,
    private readonly shipping: FulfilmentOrderShipping,
  ) {}

  handle(body: ShipFulfilmentOrderBody, context: CommandContext): Promise<FulfilmentOrderStatusDto> {
    // One read and one statement on the pool, no transaction around them (FulfilmentOrderShipping).
    return this.shipping.ship(this.db, context.organizationId, body.fulfilmentOrderId, context.initiator, body.shipment);
  }
}
