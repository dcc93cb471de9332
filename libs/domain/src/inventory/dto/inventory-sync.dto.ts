// Inventory-sync shapes of the internal gateway: the override and reset bodies, and the answer both give.
// An overridden barcode is excluded from the inventory sync to the sales channels (docs/decisions/internal-api.md, "Inventory sync").
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsString, Matches, ValidateIf } from 'class-validator';
import { ClosedSchema, Required } from '@gateway/platform';
import type { InventorySyncMode } from '@gateway/persistence';

export type { InventorySyncMode } from '@gateway/persistence';

export const INVENTORY_SYNC_MODES: InventorySyncMode[] = ['DEFAULT', 'BARCODE_OVERRIDES'];
export const MAX_BARCODES_PER_REQUEST = 1000;
export const BARCODE_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
export const BARCODE_MESSAGE = 'must be 1 to 100 letters, digits, dots, underscores or hyphens';
/** A required barcode in a request body (the command bodies, the sandbox's simulations). */
export const IsBarcode = () => applyDecorators(Required(), IsString({ message: 'must be a string' }), Matches(BARCODE_PATTERN, { message: BARCODE_MESSAGE }));
export const BARCODE_SCHEMA = { type: 'string', pattern: BARCODE_PATTERN.source, minLength: 1, maxLength: 100 } as const;

export const INVENTORY_SYNC_MODE_SCHEMA = {
  enum: INVENTORY_SYNC_MODES,
  enumName: 'InventorySyncMode',
  description:
    'DEFAULT: the sellable quantity of every retail unit is synced to the sales channels. BARCODE_OVERRIDES: some barcodes are overridden, that is excluded from the sync; the others are synced as by default.',
} as const;

const Optional = () => ValidateIf((_object, value) => value !== undefined);

const barcodeList = (description: string, required: boolean) =>
  ({
    type: 'array',
    items: BARCODE_SCHEMA,
    minItems: 1,
    maxItems: MAX_BARCODES_PER_REQUEST,
    uniqueItems: true,
    required,
    description: `${description} 1 to ${MAX_BARCODES_PER_REQUEST} barcodes, each 1 to 100 of A-Z a-z 0-9 . _ -, no repeats.`,
  }) as const;

const DRY_RUN = {
  type: 'boolean',
  default: false,
  description: 'true: answer exactly what the request would change, and change nothing (no settings, no events)',
} as const;

@ClosedSchema()
export class BarcodeInventorySyncOverridesDto {
  @ApiProperty(barcodeList('Barcodes to exclude from the inventory sync, added to those already excluded.', true))
  @Required()
  @IsArray({ message: 'must be an array of barcodes' })
  @ArrayMinSize(1, { message: 'must hold at least 1 barcode' })
  @ArrayMaxSize(MAX_BARCODES_PER_REQUEST, { message: `must hold at most ${MAX_BARCODES_PER_REQUEST} barcodes` })
  barcodes!: string[];

  @ApiPropertyOptional(DRY_RUN)
  @Optional()
  @IsBoolean({ message: 'must be true or false' })
  dryRun?: boolean;
}

@ClosedSchema()
export class DefaultInventorySyncDto {
  @ApiPropertyOptional(barcodeList('Barcodes to return to the default sync. Omitted: every overridden barcode returns to it.', false))
  @Optional()
  @IsArray({ message: 'must be an array of barcodes' })
  @ArrayMinSize(1, { message: 'must hold at least 1 barcode (omit it to reset every barcode)' })
  @ArrayMaxSize(MAX_BARCODES_PER_REQUEST, { message: `must hold at most ${MAX_BARCODES_PER_REQUEST} barcodes` })
  barcodes?: string[];

  @ApiPropertyOptional(DRY_RUN)
  @Optional()
  @IsBoolean({ message: 'must be true or false' })
  dryRun?: boolean;
}

@ClosedSchema()
export class InventorySyncResultDto {
  @ApiProperty({ enum: ['SUCCESS'] }) outcome!: 'SUCCESS';
  @ApiProperty({ format: 'uuid' }) organizationId!: string;
  @ApiProperty({ description: 'true when nothing was written: the lists say what a real run would change' }) dryRun!: boolean;
  @ApiProperty({ ...INVENTORY_SYNC_MODE_SCHEMA, description: 'the mode after the request (for a dry run: the mode a real run would leave)' })
  mode!: InventorySyncMode;
  @ApiProperty({
    type: 'array',
    items: BARCODE_SCHEMA,
    uniqueItems: true,
    description: 'barcodes whose sync the request changed (or would change), in request order (bytewise order for a reset of every barcode)',
  })
  changed!: string[];
  @ApiProperty({
    type: 'array',
    items: BARCODE_SCHEMA,
    uniqueItems: true,
    description: 'retail units of the organization already in the asked state, in request order',
  })
  unchanged!: string[];
  @ApiProperty({
    type: 'array',
    items: BARCODE_SCHEMA,
    uniqueItems: true,
    description: 'barcodes that are not retail units of the organization (nothing done), in request order',
  })
  unknown!: string[];
}
