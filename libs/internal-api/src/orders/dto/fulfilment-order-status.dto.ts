import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { FULFILMENT_ORDER_STATUSES, FulfilmentOrderStatus } from '@gateway/domain';

/** Where a command left a fulfilment order. */
@ClosedSchema()
export class FulfilmentOrderStatusDto {
  @ApiProperty() fulfilmentOrderId!: string;
  @ApiProperty({ enum: FULFILMENT_ORDER_STATUSES }) status!: FulfilmentOrderStatus;
}
