import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { InventoryRebuildService, InventoryRebuildDto } from '@gateway/internal-api';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';
import { IsBarcodeList } from '../policies/command-body-rules';

export const MAX_REBUILD_BARCODES = 1000;

@ClosedSchema()
export class RebuildInventoryLevelsBody {
  @ApiProperty({ description: 'retail units of the organization (archived ones too)' })
  @IsBarcodeList(MAX_REBUILD_BARCODES)
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
