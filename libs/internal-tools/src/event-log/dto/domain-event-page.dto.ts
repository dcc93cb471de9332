// The answer of GET /internal-tools/events/by-barcode: one page of domain events, newest first.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';

@ClosedSchema()
export class DomainEventDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: Number.MAX_SAFE_INTEGER,
    description: 'position in the event log; a later append has a higher sequence',
  })
  sequence!: number;
  @ApiProperty({ minLength: 1, maxLength: 100, description: 'what happened, e.g. StockReceived, PendingAllocationRaised, InventorySyncOverrideAdded' })
  type!: string;
  @ApiProperty({ format: 'date-time', description: 'when it was appended, UTC, microseconds' })
  occurredAt!: string;
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'the warehouse, for events about stock at one' })
  warehouseId!: string | null;
  @ApiProperty() barcode!: string;
  @ApiProperty({ description: 'the kind of thing that changed, e.g. InventoryLevel, FulfilmentOrder, InventorySyncSettings' })
  aggregateType!: string;
  @ApiProperty({ description: 'the id of the thing that changed' })
  aggregateId!: string;
  @ApiProperty({ type: String, nullable: true, description: 'who caused it: the client id of the caller, or the initiator a tool was given' })
  initiator!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'the details of the event; its properties depend on type' })
  payload!: Record<string, unknown>;
}

@ClosedSchema()
export class DomainEventPageDto {
  @ApiProperty({ type: () => [DomainEventDto], description: 'newest first (highest sequence first)' })
  items!: DomainEventDto[];

  @ApiProperty({ type: String, nullable: true, description: 'opaque; pass it as cursor, with the same query, for the next page; null on the last page' })
  nextCursor!: string | null;
}
