// Invoices as the spec shapes them (2.1, 2.2): list and detail forms, Money objects, no additional properties.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';

/** The statuses of the contract's import file, in its order (invoice.dto.spec.ts keeps them equal to the import schema's enum). */
export const INVOICE_STATUSES = ['FINALIZED', 'PAID', 'PAST_DUE', 'VOIDED', 'REFUNDED', 'UNCOLLECTIBLE'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

@ClosedSchema()
export class MoneyDto {
  @ApiProperty({ type: 'number', description: 'smallest unit of the currency' })
  amountInMinorUnit!: number;

  @ApiProperty({ description: 'ISO 4217 code', pattern: '^[A-Z]{3}$' })
  currency!: string;
}

@ClosedSchema()
export class InvoiceLineItemDto {
  @ApiProperty() description!: string;
  @ApiProperty({ type: 'number' }) taxRate!: number;
  @ApiProperty({ type: 'number' }) quantity!: number;
  @ApiProperty({ type: () => MoneyDto }) unitAmountExcludingTax!: MoneyDto;
}

@ClosedSchema()
export class InvoiceListItemDto {
  @ApiProperty() id!: string;
  @ApiProperty() number!: string;
  @ApiProperty({ enum: INVOICE_STATUSES }) status!: InvoiceStatus;
  @ApiProperty({ type: () => MoneyDto }) subtotal!: MoneyDto;
  @ApiProperty({ type: () => MoneyDto }) totalExcludingTax!: MoneyDto;
  @ApiPropertyOptional({ format: 'date', description: 'YYYY-MM-DD' }) dueDate?: string;
  @ApiPropertyOptional({ format: 'date', description: 'YYYY-MM-DD' }) paidAt?: string;
}

@ClosedSchema()
export class InvoiceDetailDto extends InvoiceListItemDto {
  @ApiPropertyOptional() pdfUrl?: string;
  @ApiProperty({ type: () => [InvoiceLineItemDto] }) lineItems!: InvoiceLineItemDto[];
}

@ClosedSchema()
export class InvoiceListDto {
  @ApiProperty({ type: () => [InvoiceListItemDto] }) items!: InvoiceListItemDto[];
}
