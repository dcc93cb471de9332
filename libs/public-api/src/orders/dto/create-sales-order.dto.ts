// The body of sales-order creation (spec 2.7, contract section 4), validated whole: every problem
// is reported at once with its JSON pointer, unknown properties are refused.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { ClosedSchema, HasItems, HasLength, HasMaxLength, IsEmailAddress, MatchesPattern, NestedObject, NestedObjectList, Required } from '@gateway/platform';
import { COUNTRY_CODES, CURRENCY_CODES, CountryCode, CurrencyCode } from '../model/sales-order.enums';
import { IsoDateTime } from '../policies/iso-date-time';

const MAX = Number.MAX_SAFE_INTEGER;

/** Upper bounds the spec leaves open (docs/decisions/sales-orders.md). */
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

/** The shipping address's fields (contract 6.7). */
export const SHIPPING_ADDRESS_LIMITS = {
  name: 200,
  company: 200,
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postalCode: 20,
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
  @ApiProperty()
  @Required()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SALES_ORDER_LIMITS.personName)
  firstName!: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasMaxLength(SALES_ORDER_LIMITS.personName)
  lastName?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasMaxLength(SALES_ORDER_LIMITS.contactNumber)
  contactNumber?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'must be a string' })
  @IsEmailAddress(SALES_ORDER_LIMITS.email)
  email?: string;
}

@ClosedSchema()
export class SalesOrderLineInput {
  @ApiPropertyOptional({ description: 'product name' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasMaxLength(SALES_ORDER_LIMITS.productName)
  name?: string;

  @ApiProperty({ description: 'stock keeping unit' })
  @Required()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SALES_ORDER_LIMITS.sku)
  sku!: string;

  @ApiPropertyOptional({ description: 'when given, the line resolves to the retail unit with this barcode; otherwise by sku' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @MatchesPattern(/^[A-Za-z0-9._-]{1,100}$/, 'must be 1 to 100 letters, digits, dots, underscores or hyphens')
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

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX,
    description: 'weight of one item in grams; when omitted, the weight configured for the product is used',
  })
  @Optional()
  @IsInt({ message: 'must be an integer' })
  @Min(0, { message: 'must be at least 0' })
  @Max(MAX, { message: `must be at most ${MAX}` })
  weightGram?: number;

  @ApiPropertyOptional({ description: 'Harmonized System code for customs declarations' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @MatchesPattern(/^[0-9A-Za-z. ]{1,20}$/, 'must be 1 to 20 digits, letters, dots or spaces')
  harmonizedCode?: string;

  @ApiPropertyOptional({ enum: COUNTRY_CODES, description: 'ISO 3166-1 alpha-2' })
  @Optional()
  @IsIn(COUNTRY_CODES, { message: 'must be an ISO 3166-1 alpha-2 code' })
  countryCodeOfOrigin?: CountryCode;
}

@ClosedSchema()
export class ShippingAddressInput {
  @ApiPropertyOptional({ description: 'the recipient' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPPING_ADDRESS_LIMITS.name)
  name?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPPING_ADDRESS_LIMITS.company)
  company?: string;

  @ApiProperty({ description: 'street and number' })
  @Required()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPPING_ADDRESS_LIMITS.line1)
  line1!: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPPING_ADDRESS_LIMITS.line2)
  line2?: string;

  @ApiPropertyOptional()
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPPING_ADDRESS_LIMITS.postalCode)
  postalCode?: string;

  @ApiProperty()
  @Required()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPPING_ADDRESS_LIMITS.city)
  city!: string;

  @ApiPropertyOptional({ description: 'state, province or county' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SHIPPING_ADDRESS_LIMITS.region)
  region?: string;

  @ApiProperty({ enum: COUNTRY_CODES, description: 'ISO 3166-1 alpha-2' })
  @Required()
  @IsIn(COUNTRY_CODES, { message: 'must be an ISO 3166-1 alpha-2 code' })
  countryCode!: CountryCode;
}

@ClosedSchema()
export class CreateSalesOrderDto {
  @ApiProperty({ description: "the caller's reference, informational" })
  @Required()
  @IsString({ message: 'must be a string' })
  @HasLength(1, SALES_ORDER_LIMITS.orderReference)
  orderReference!: string;

  @Optional()
  @IsoDateTime('timestamp at which the order was placed')
  placedAt?: string;

  @ApiPropertyOptional({ description: 'generic order note, viewable in the shipping platform' })
  @Optional()
  @IsString({ message: 'must be a string' })
  @HasMaxLength(SALES_ORDER_LIMITS.note)
  note?: string;

  @ApiProperty({ type: () => CustomerInput })
  @Required()
  @NestedObject(() => CustomerInput)
  customer!: CustomerInput;

  @ApiProperty({ type: () => [SalesOrderLineInput] })
  @Required()
  @NestedObjectList(() => SalesOrderLineInput)
  @HasItems(1, SALES_ORDER_LIMITS.lineItems, 'lines')
  lineItems!: SalesOrderLineInput[];

  @ApiPropertyOptional({ type: () => ShippingAddressInput, description: 'where the order goes; an order may be created without one' })
  @Optional()
  @NestedObject(() => ShippingAddressInput)
  shippingAddress?: ShippingAddressInput;
}
