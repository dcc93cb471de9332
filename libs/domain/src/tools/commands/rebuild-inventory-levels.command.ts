import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches } from 'class-validator';
import { ClosedSchema } from '@gateway/platform';
import { InventoryRebuildService } from '../../inventory/inventory-rebuild.service';
import { InventoryRebuildDto } from '../../inventory/inventory-rebuild.dto';
import { CommandContext, CommandHandler, DispatchableCommand } from '../command-registry';
import { BARCODE_MESSAGE, BARCODE_PATTERN } from './command-body-rules';

export const MAX_REBUILD_BARCODES = 1000;

@ClosedSchema()
export class RebuildInventoryLevelsBody {
  @ApiProperty({ type: [String], minItems: 1, maxItems: MAX_REBUILD_BARCODES, description: 'retail units of the organization (archived ones too)' })
  @IsArray({ message: 'must be an array' })
  @ArrayMinSize(1, { message: 'must name at least 1 barcode' })
  @ArrayMaxSize(MAX_REBUILD_BARCODES, { message: `must name at most ${MAX_REBUILD_BARCODES} barcodes` })
  @IsString({ each: true, message: 'each barcode must be a string' })
  @Matches(BARCODE_PATTERN, { each: true, message: `each barcode ${BARCODE_MESSAGE}` })
  barcodes!: string[];
}

/** Every level of the barcodes, at every warehouse, set back to its projection of the event log, now. */
@DispatchableCommand({ name: 'REBUILD_INVENTORY_LEVELS', body: RebuildInventoryLevelsBody, result: InventoryRebuildDto })
export class RebuildInventoryLevelsCommand implements CommandHandler<RebuildInventoryLevelsBody> {
  constructor(private readonly rebuilds: InventoryRebuildService) {}

  handle(body: RebuildInventoryLevelsBody, context: CommandContext): Promise<InventoryRebuildDto> {
    return this.rebuilds.rebuild(context.organizationId, body.barcodes, context.initiator);
  }
}
