// The catalogue of an organization (contract 6.7): its retail units in barcode order, in keyset pages, so an
// integrator can map its SKUs before it sends an order.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ClosedSchema, MatchesPattern, HasLength, HasMaxLength, plainNumber } from '@gateway/platform';
import { MAX_CURSOR_LENGTH } from '@gateway/domain';
import { SALES_ORDER_LIMITS } from '../../orders';

export const RETAIL_UNIT_PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

@ClosedSchema()
export class RetailUnitDto {
  @ApiProperty()
  barcode!: string;

  @ApiProperty({ description: 'stock keeping unit' })
  sku!: string;

  @ApiProperty({ description: 'product name' })
  name!: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'weight of one item in grams; left out when none is configured' })
  weightGram?: number;

  @ApiProperty({ description: 'an archived unit takes no new orders' })
  archived!: boolean;
}

@ClosedSchema()
export class RetailUnitPageDto {
  @ApiProperty({ type: () => [RetailUnitDto], description: 'in barcode order' })
  items!: RetailUnitDto[];

  @ApiProperty({ type: String, nullable: true, description: 'opaque; pass it as cursor, with the same filters, for the next page; null on the last page' })
  nextCursor!: string | null;
}

const Optional = () => ValidateIf((_object, value) => value !== undefined);
const LIMIT_MESSAGE = `must be an integer from ${RETAIL_UNIT_PAGE_LIMIT.min} to ${RETAIL_UNIT_PAGE_LIMIT.max}`;
/** `true` and `false` as a query string writes them; anything else stays as sent, and is refused. */
const plainBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class ListRetailUnitsQuery {
  @ApiPropertyOptional({ description: 'only the unit with exactly this barcode' })
  @Optional()
  @IsString({ message: 'must be 1 to 100 letters, digits, dots, underscores or hyphens' })
  @MatchesPattern(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, underscores or hyphens')
  barcode?: string;

  @ApiPropertyOptional({ description: 'only the units with exactly this sku' })
  @Optional()
  @IsString({ message: `must be 1 to ${SALES_ORDER_LIMITS.sku} characters` })
  @HasLength(1, SALES_ORDER_LIMITS.sku)
  sku?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: archived units too' })
  @Transform(plainBoolean)
  @Optional()
  @IsBoolean({ message: 'must be true or false' })
  includeArchived?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: RETAIL_UNIT_PAGE_LIMIT.min,
    maximum: RETAIL_UNIT_PAGE_LIMIT.max,
    default: RETAIL_UNIT_PAGE_LIMIT.default,
    description: 'units per page',
  })
  @Transform(plainNumber)
  @Optional()
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(RETAIL_UNIT_PAGE_LIMIT.min, { message: LIMIT_MESSAGE })
  @Max(RETAIL_UNIT_PAGE_LIMIT.max, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ maxLength: MAX_CURSOR_LENGTH, description: 'the nextCursor of the previous page, sent with the same filters' })
  @Optional()
  @IsString({ message: 'must be a cursor from nextCursor' })
  @HasMaxLength(MAX_CURSOR_LENGTH, 'must be a cursor from nextCursor')
  cursor?: string;
}
