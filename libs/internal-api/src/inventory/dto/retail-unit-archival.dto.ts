import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';

export const ARCHIVAL_FAILURE_REASONS = ['STOCK_ON_HAND', 'OPEN_FULFILMENT_ORDERS', 'OPEN_RETURNS', 'OPEN_INBOUND_SHIPMENTS'] as const;
export type ArchivalFailureReason = (typeof ARCHIVAL_FAILURE_REASONS)[number];

@ClosedSchema()
export class RetailUnitArchivalDto {
  @ApiProperty({ enum: ['SUCCESS', 'ARCHIVAL_FAILED'], description: 'SUCCESS also when the unit was already archived' })
  outcome!: 'SUCCESS' | 'ARCHIVAL_FAILED';

  @ApiPropertyOptional({
    enum: ARCHIVAL_FAILURE_REASONS,
    description:
      'with ARCHIVAL_FAILED only: STOCK_ON_HAND when a warehouse holds a non-zero onHand of the unit, OPEN_FULFILMENT_ORDERS when an order still to be fulfilled (OPEN, ALLOCATED, BACK_ORDERED, PICKING) has a line of it, OPEN_RETURNS when a return still to arrive or be processed (AWAITING_ARRIVAL, ARRIVED) has a line of it, OPEN_INBOUND_SHIPMENTS when an inbound shipment still AWAITING or RECEIVING names it',
  })
  reason?: ArchivalFailureReason;

  @ApiPropertyOptional({ description: 'with ARCHIVAL_FAILED only: the reason for a person' })
  detail?: string;
}
