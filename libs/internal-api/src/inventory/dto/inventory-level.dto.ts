// The internal inventory level (spec 2.8) and the internal inventory lists (spec 4.3): quantities are
// JSON integers; fulfillable = onHand - allocated, sellable = onHand - allocated - pendingAllocation.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { InventoryQuantities } from '@gateway/persistence';

const SAFE = Number.MAX_SAFE_INTEGER;
// A difference of two safe integers: onHand may be negative, so the derived quantities may be too.
const Quantity = (description: string, minimum = -SAFE) => ApiProperty({ type: 'integer', minimum, maximum: SAFE, description });

@ClosedSchema()
export class InventoryLevelDto {
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @ApiProperty() warehouseId!: string;
  @ApiProperty() barcode!: string;
  @Quantity('onHand - allocated: what the warehouse can still allocate') fulfillable!: number;
  @Quantity('reserved for allocated (and picking) fulfilment orders', 0) allocated!: number;
  @Quantity('ordered by open or back-ordered fulfilment orders, not yet allocated', 0) pendingAllocation!: number;
  @Quantity('onHand - allocated - pendingAllocation: what the sales channels may still sell') sellable!: number;
  @Quantity('items physically at the warehouse') onHand!: number;
}

@ClosedSchema()
export class InventoryListItemDto {
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @ApiProperty() warehouseId!: string;
  @ApiProperty() barcode!: string;
  @ApiProperty({ description: 'stock keeping unit of the retail unit' }) sku!: string;
  @ApiProperty({ description: 'name of the retail unit' }) name!: string;
  @ApiProperty({ description: 'true when the retail unit is archived (its level is still listed)' }) archived!: boolean;
  @Quantity('onHand - allocated') fulfillable!: number;
  @Quantity('reserved for allocated (and picking) fulfilment orders', 0) allocated!: number;
  @Quantity('ordered by open or back-ordered fulfilment orders, not yet allocated', 0) pendingAllocation!: number;
  @Quantity('onHand - allocated - pendingAllocation') sellable!: number;
  @Quantity('items physically at the warehouse') onHand!: number;
}

@ClosedSchema()
export class InventoryListDto {
  @ApiProperty({ enum: ['SUCCESS'] }) outcome!: 'SUCCESS';
  @ApiProperty({ type: () => [InventoryListItemDto], description: 'ordered by warehouseId, then barcode (bytewise)' }) items!: InventoryListItemDto[];
}

export function toInventoryLevel(key: { organizationId: string; warehouseId: string; barcode: string }, level: InventoryQuantities): InventoryLevelDto {
  return {
    organizationId: key.organizationId,
    warehouseId: key.warehouseId,
    barcode: key.barcode,
    fulfillable: level.onHand - level.allocated,
    allocated: level.allocated,
    pendingAllocation: level.pendingAllocation,
    sellable: level.onHand - level.allocated - level.pendingAllocation,
    onHand: level.onHand,
  };
}
