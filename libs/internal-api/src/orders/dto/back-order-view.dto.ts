// GET /fulfilment-orders/{id}/back-order (the spec gives no body): what stands between the order and its
// allocation, per line, read without changing anything.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { FULFILMENT_ORDER_STATUSES, FulfilmentOrderStatus } from '@gateway/domain';

const SAFE = Number.MAX_SAFE_INTEGER;

@ClosedSchema()
export class BackOrderLineDto {
  @ApiProperty() barcode!: string;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: SAFE, description: 'ordered quantity of the line' }) quantity!: number;
  @ApiProperty({ type: 'integer', minimum: -SAFE, maximum: SAFE, description: "fulfillable now (onHand - allocated) of the barcode at the order's warehouse" })
  fulfillable!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: SAFE,
    description:
      'how much of the line an allocation now could not cover (lines of one barcode take the fulfillable quantity in line order); 0 unless the order is OPEN or BACK_ORDERED',
  })
  shortfall!: number;
}

@ClosedSchema()
export class BackOrderViewDto {
  @ApiProperty() fulfilmentOrderId!: string;
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @ApiProperty() warehouseId!: string;
  @ApiProperty({ enum: FULFILMENT_ORDER_STATUSES }) status!: FulfilmentOrderStatus;
  @ApiProperty({ description: 'true when the order is BACK_ORDERED' }) backOrdered!: boolean;
  @ApiProperty({ type: () => [BackOrderLineDto], description: 'in line order' }) lines!: BackOrderLineDto[];
}
