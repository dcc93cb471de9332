// The public inventory (spec 2.4): grouped per warehouse, items ordered by barcode.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';

const SAFE = Number.MAX_SAFE_INTEGER;

@ClosedSchema()
export class InventoryItemDto {
  @ApiProperty({ description: 'barcode of the item' }) barcode!: string;
  @ApiProperty({ type: 'integer', minimum: -SAFE, maximum: SAFE, description: 'number of items physically received at the warehouse location' })
  onHand!: number;
  @ApiProperty({ type: 'integer', minimum: -SAFE, maximum: SAFE, description: 'number of items available, not reserved or allocated for fulfilment' })
  sellable!: number;
}

@ClosedSchema()
export class InventoryGroupDto {
  @ApiProperty() warehouseId!: string;
  @ApiProperty({ type: () => [InventoryItemDto] }) items!: InventoryItemDto[];
}

@ClosedSchema()
export class InventoryDto {
  @ApiProperty({ type: () => [InventoryGroupDto] }) items!: InventoryGroupDto[];
}
