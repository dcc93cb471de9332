// POST /internal-tools/clarify-inventory-levels: who asks for which barcodes' levels to be rebuilt.
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, Length, Matches } from 'class-validator';
import { ClosedSchema, canonicalUuid } from '@gateway/platform';
import { BARCODE_MESSAGE, BARCODE_PATTERN } from './commands/command-body-rules';

export const MAX_CLARIFY_BARCODES = 1000;

@ClosedSchema()
export class ClarifyInventoryLevelsDto {
  @ApiProperty({ format: 'uuid' })
  @Transform(canonicalUuid)
  @IsUUID(undefined, { message: 'must be a UUID' })
  organizationId!: string;

  @ApiProperty({ minLength: 1, maxLength: 200, description: 'who asks (a person or a tool, e.g. an email address): recorded with the clarification and on every event it writes' })
  @IsString({ message: 'must be a string' })
  @Length(1, 200, { message: 'must be 1 to 200 characters' })
  initiator!: string;

  @ApiProperty({ type: [String], minItems: 1, maxItems: MAX_CLARIFY_BARCODES, description: 'retail units of the organization (archived ones too); repeated barcodes count once' })
  @IsArray({ message: 'must be an array' })
  @ArrayMinSize(1, { message: 'must name at least 1 barcode' })
  @ArrayMaxSize(MAX_CLARIFY_BARCODES, { message: `must name at most ${MAX_CLARIFY_BARCODES} barcodes` })
  @IsString({ each: true, message: 'each barcode must be a string' })
  @Matches(BARCODE_PATTERN, { each: true, message: `each barcode ${BARCODE_MESSAGE}` })
  barcodes!: string[];
}

@ClosedSchema()
export class ClarificationAcknowledgedDto {
  @ApiProperty({ enum: ['ACKNOWLEDGED'] }) outcome!: 'ACKNOWLEDGED';
}
