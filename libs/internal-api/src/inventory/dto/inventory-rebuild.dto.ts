import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { InventoryLevelDto } from './inventory-level.dto';

@ClosedSchema()
export class RebuiltLevelDto extends InventoryLevelDto {
  @ApiProperty({ description: 'true when the stored level differed from its event log and was set back (with an InventoryLevelRebuilt event)' })
  repaired!: boolean;
}

@ClosedSchema()
export class InventoryRebuildDto {
  @ApiProperty({ type: () => [RebuiltLevelDto], description: 'every level of the barcodes, at every warehouse, by warehouseId then barcode' })
  levels!: RebuiltLevelDto[];
}
