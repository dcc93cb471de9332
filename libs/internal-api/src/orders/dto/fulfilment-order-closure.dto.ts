// Answers of cancel and withdraw (spec 4.3 leaves their fields open; docs/decisions/internal-api.md, "Fulfilment orders").
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';

const SAFE = Number.MAX_SAFE_INTEGER;

@ClosedSchema()
export class ReleasedLineDto {
  @ApiProperty() barcode!: string;
  @ApiProperty({ description: 'the warehouse whose inventory the line no longer holds' }) warehouseId!: string;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: SAFE,
    description: 'the quantity the order no longer holds (pendingAllocation or allocated, by the state it left)',
  })
  quantity!: number;
}

@ClosedSchema()
export class FulfilmentOrderCancellationDto {
  @ApiProperty() fulfilmentOrderId!: string;
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @ApiProperty({ enum: ['CANCELLED'] }) status!: 'CANCELLED';
  @ApiPropertyOptional({ format: 'uuid', description: 'the sales order the fulfilment order was made for, when it came through the gateway' })
  salesOrderId?: string;
  @ApiPropertyOptional({ enum: ['CANCELLED'], description: 'present with salesOrderId: the sales order is cancelled with its fulfilment order' })
  salesOrderStatus?: 'CANCELLED';
  @ApiProperty({ type: () => [ReleasedLineDto], description: 'the lines whose quantities the order no longer holds, in line order' })
  releasedLines!: ReleasedLineDto[];
}
