import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { ClosedSchema, Required } from '@gateway/platform';
import { StockReceiptService, InventoryLevelDto } from '@gateway/internal-api';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';
import { IsBarcode, IsEntityId } from '../policies/command-body-rules';

const SAFE = Number.MAX_SAFE_INTEGER;

@ClosedSchema()
export class ReceiveStockBody {
  @ApiProperty({ pattern: '^[A-Za-z0-9._:-]{1,100}$' }) @IsEntityId() warehouseId!: string;
  @ApiProperty({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'a live (not archived) retail unit of the organization' }) @IsBarcode() barcode!: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: SAFE, description: 'items received: onHand goes up by this much' })
  @Required()
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(SAFE, { message: `must be at most ${SAFE}` })
  quantity!: number;
}

/** RECEIVE_STOCK: onHand of the barcode at the warehouse goes up; the result is the level after it. */
@DispatchableCommand({ name: 'RECEIVE_STOCK', body: ReceiveStockBody, result: InventoryLevelDto })
export class ReceiveStockCommand implements CommandHandler<ReceiveStockBody> {
  constructor(private readonly receipts: StockReceiptService) {}

  handle(body: ReceiveStockBody, context: CommandContext): Promise<InventoryLevelDto> {
    return this.receipts.receive({
      organizationId: context.organizationId,
      warehouseId: body.warehouseId,
      barcode: body.barcode,
      quantity: body.quantity,
      initiator: context.initiator,
    });
  }
}
