// The bodies of the integrator's changes to an order it sent (contract 6.7): replacing its shipping
// address, and calling it back with an optional reason.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { ClosedSchema, HasLength, NestedObject, Required } from '@gateway/platform';
import { ShippingAddressInput } from './create-sales-order.dto';

export const CANCELLATION_REASON_MAX_LENGTH = 500;

@ClosedSchema()
export class UpdateSalesOrderDto {
  @ApiProperty({ type: () => ShippingAddressInput, description: 'replaces the whole address' })
  @Required()
  @NestedObject(() => ShippingAddressInput)
  shippingAddress!: ShippingAddressInput;
}

@ClosedSchema()
export class CancelSalesOrderDto {
  @ApiPropertyOptional({ description: 'why the order is called back; shown as cancellationReason' })
  @ValidateIf((_object, value) => value !== undefined)
  @IsString({ message: 'must be a string' })
  @HasLength(1, CANCELLATION_REASON_MAX_LENGTH)
  reason?: string;
}
