// POST /internal-tools/clarify-inventory-levels: who asks for which barcodes' levels to be rebuilt.
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsString, IsUUID } from 'class-validator';
import { ClosedSchema, HasLength, Required, canonicalUuid } from '@gateway/platform';
import { IsBarcodeList } from '../../command-dispatch';

export const MAX_CLARIFY_BARCODES = 1000;

@ClosedSchema()
export class ClarifyInventoryLevelsDto {
  @ApiProperty({ format: 'uuid' })
  @Required()
  @Transform(canonicalUuid)
  @IsUUID(undefined, { message: 'must be a UUID' })
  organizationId!: string;

  @ApiProperty({ description: 'who asks (a person or a tool, e.g. an email address): recorded with the clarification and on every event it writes' })
  @Required()
  @IsString({ message: 'must be a string' })
  @HasLength(1, 200)
  initiator!: string;

  @ApiProperty({ description: 'retail units of the organization (archived ones too); repeated barcodes count once' })
  @IsBarcodeList(MAX_CLARIFY_BARCODES)
  barcodes!: string[];
}

@ClosedSchema()
export class ClarificationAcknowledgedDto {
  @ApiProperty({ enum: ['ACKNOWLEDGED'] }) outcome!: 'ACKNOWLEDGED';
}
