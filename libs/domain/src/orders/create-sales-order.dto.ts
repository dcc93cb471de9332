// The body of sales-order creation (spec 2.7, contract section 4), validated whole: every problem
// is reported at once with its JSON pointer, unknown properties are refused.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsEmail,
  IsIn,
  IsInt,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { ClosedSchema, NestedObject, NestedObjectList, Required } from '@gateway/platform';
import { COUNTRY_CODES, CURRENCY_CODES, CountryCode, CurrencyCode } from './sales-order.enums';
import { IsTimestamp } from './is-timestamp.validator';

const MAX = Number.MAX_SAFE_INTEGER;

/** Upper bounds the spec leaves open (docs/decisions.md). */
export const SALES_ORDER_LIMITS = {
  lineItems: 500,
  orderReference: 200,
  note: 2000,
  personName: 200,
  contactNumber: 50,
  email: 320,
  productName: 500,
  sku: 200,
  barcode: 100,
  harmonizedCode: 20,
} as const;

/** Optional, but when present it must be of the declared type: null is not accepted for a string. */
const Optional = () => ValidateIf((_object, value) => value !== undefined);

@ClosedSchema()
export class PriceInput {
  @ApiProperty({ enum: CURRENCY_CODES, description: 'ISO 4217 code' })
  @Required()
  @IsIn(CURRENCY_CODES, { message: 'must be one of the ISO 4217 codes the spec lists' })
  currency!: CurrencyCode;

  @ApiProperty({ type: 'integer', minimum: -MAX, maximum: MAX, description: 'price of a single item, in the smallest unit of the currency' })
  @Required()
  @IsInt({ message: 'must be an integer' })
  @Min(-MAX, { message: `must be at least ${-MAX}` })
  @Max(MAX, { message: `must be at most ${MAX}` })
  amountInMinorUnit!: number;
}

@ClosedSchema()
export class CustomerInput {
  @ApiProperty({ minLength: 1, maxLength: SALES_ORDER_LIMITS.personName })
  @Required()
  @IsString({ message: 'must be a string' })
  @Length(1, SALES_ORDER_LIMITS.personName, { message: `must be 1 to ${SALES_ORDER_LIMITS.personName} characters` })
  firstName!: string;

  @ApiPropertyOptional({ maxLength: SALES_ORDER_LIMITS.personName })
  @Optional()
  @IsString({ message: 'must be a string' })
  @MaxLength(SALES_ORDER_LIMITS.personName, { message: `must be at most ${SALES_ORDER_LIMITS.personName} characters` })
  lastName?: string;

  @ApiPropertyOptional({ maxLength: SALES_ORDER_LIMITS.contactNumber })
  @Optional()
  @IsString({ message: 'must be a string' })
  @MaxLength(SALES_ORDER_LIMITS.contactNumber, { message: `must be at most ${SALES_ORDER_LIMITS.contactNumber} characters` })
  contactNumber?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: SALES_ORDER_LIMITS.email })
  @Optional()
  @IsString({ message: 'must be a string' })
  @MaxLength(SALES_ORDER_LIMITS.email, { message: `must be at most ${SALES_ORDER_LIMITS.email} characters` })
  @IsEmail({}, { message: 'must be an email address' })
  email?: string;
}

@ClosedSchema()
export class SalesOrderLineInput {
  @ApiPropertyOptional({ maxLength: SALES_ORDER_LIMITS.productName, description: 'product name' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @MaxLength(SALES_ORDER_LIMITS.productName, { message: `must be at most ${SALES_ORDER_LIMITS.productName} characters` })
  name?: string;

  @ApiProperty({ minLength: 1, maxLength: SALES_ORDER_LIMITS.sku, description: 'stock keeping unit' })
  @Required()
  @IsString({ message: 'must be a string' })
  @Length(1, SALES_ORDER_LIMITS.sku, { message: `must be 1 to ${SALES_ORDER_LIMITS.sku} characters` })
  sku!: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: SALES_ORDER_LIMITS.barcode, pattern: '^[A-Za-z0-9._-]+$', description: 'when given, the line resolves to the retail unit with this barcode; otherwise by sku' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @Matches(/^[A-Za-z0-9._-]{1,100}$/, { message: 'must be 1 to 100 letters, digits, dots, underscores or hyphens' })
  barcode?: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX })
  @Required()
  @IsInt({ message: 'must be an integer' })
  @Min(1, { message: 'must be at least 1' })
  @Max(MAX, { message: `must be at most ${MAX}` })
  quantity!: number;

  @ApiPropertyOptional({ type: () => PriceInput, description: 'price of a single item' })
  @Optional()
  @NestedObject(() => PriceInput)
  price?: PriceInput;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX, description: 'minimum remaining shelf life in days at pick time' })
  @Optional()
  @IsInt({ message: 'must be an integer' })
  @Min(0, { message: 'must be at least 0' })
  @Max(MAX, { message: `must be at most ${MAX}` })
  minShelfLifeDays?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX, description: 'weight of one item in grams; when omitted, the weight configured for the product is used' })
  @Optional()
  @IsInt({ message: 'must be an integer' })
  @Min(0, { message: 'must be at least 0' })
  @Max(MAX, { message: `must be at most ${MAX}` })
  weightGram?: number;

  @ApiPropertyOptional({ maxLength: SALES_ORDER_LIMITS.harmonizedCode, description: 'Harmonized System code for customs declarations' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @Matches(/^[0-9A-Za-z. ]{1,20}$/, { message: 'must be 1 to 20 digits, letters, dots or spaces' })
  harmonizedCode?: string;

  @ApiPropertyOptional({ enum: COUNTRY_CODES, description: 'ISO 3166-1 alpha-2' })
  @Optional()
  @IsIn(COUNTRY_CODES, { message: 'must be an ISO 3166-1 alpha-2 code' })
  countryCodeOfOrigin?: CountryCode;
}

@ClosedSchema()
export class CreateSalesOrderDto {
  @ApiProperty({ minLength: 1, maxLength: SALES_ORDER_LIMITS.orderReference, description: "the caller's reference, informational" })
  @Required()
  @IsString({ message: 'must be a string' })
  @Length(1, SALES_ORDER_LIMITS.orderReference, { message: `must be 1 to ${SALES_ORDER_LIMITS.orderReference} characters` })
  orderReference!: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'ISO 8601 timestamp at which the order was placed, with a time zone' })
  @Optional()
  @IsTimestamp()
  placedAt?: string;

  @ApiPropertyOptional({ maxLength: SALES_ORDER_LIMITS.note, description: 'generic order note, viewable in the shipping platform' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @MaxLength(SALES_ORDER_LIMITS.note, { message: `must be at most ${SALES_ORDER_LIMITS.note} characters` })
  note?: string;

  @ApiProperty({ type: () => CustomerInput })
  @Required()
  @NestedObject(() => CustomerInput)
  customer!: CustomerInput;

  @ApiProperty({ type: () => [SalesOrderLineInput], minItems: 1, maxItems: SALES_ORDER_LIMITS.lineItems })
  @Required()
  @NestedObjectList(() => SalesOrderLineInput)
  @ArrayMinSize(1, { message: 'must have at least 1 line' })
  @ArrayMaxSize(SALES_ORDER_LIMITS.lineItems, { message: `must have at most ${SALES_ORDER_LIMITS.lineItems} lines` })
  lineItems!: SalesOrderLineInput[];
}
