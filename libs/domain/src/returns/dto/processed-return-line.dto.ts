// A processed line of a return, as a request names it: the staff's PROCESS_RETURN and the sandbox's
// PROCESS_RETURN simulation take the same shape.
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { ClosedSchema, Required } from '@gateway/platform';
import { IsBarcode } from '../../inventory';

const SAFE = Number.MAX_SAFE_INTEGER;

const Quantity = (description: string) =>
  applyDecorators(
    ApiProperty({ type: 'integer', minimum: 0, maximum: SAFE, description }),
    Required(),
    IsInt({ message: 'must be an integer' }),
    Min(0, { message: 'must be at least 0' }),
    Max(SAFE, { message: `must be at most ${SAFE}` }),
  );

@ClosedSchema()
export class ProcessedReturnLineBody {
  @ApiProperty({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'a barcode of the return' }) @IsBarcode() barcode!: string;
  @Quantity('items that arrived: at most the quantity announced') receivedQuantity!: number;
  @Quantity('items put back on the shelf (onHand rises by this): at most receivedQuantity, 0 for a DISPOSE line') restockQuantity!: number;
}
