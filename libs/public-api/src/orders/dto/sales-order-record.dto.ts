// The answer to a sales-order creation (contract section 4): built field by field, so nothing else leaks out.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Environment } from '@gateway/persistence';
import { EnvironmentProperty } from '@gateway/domain';
import { CustomerInput, SalesOrderLineInput, ShippingAddressInput } from './create-sales-order.dto';

export class SalesOrderRecord {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  organizationId!: string;

  @EnvironmentProperty()
  environment!: Environment;

  @ApiProperty()
  storeId!: string;

  @ApiProperty()
  orderReference!: string;

  @ApiProperty({ enum: ['RECEIVED'] })
  status!: 'RECEIVED';

  @ApiProperty({ format: 'date-time', description: 'as sent by the caller; when it sent none, the creation time (createdAt)' })
  placedAt!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: () => CustomerInput })
  customer!: CustomerInput;

  @ApiPropertyOptional({ type: () => ShippingAddressInput, description: 'where the order goes; left out when the order has none' })
  shippingAddress?: ShippingAddressInput;

  @ApiProperty({ type: () => [SalesOrderLineInput], description: 'the lines as sent, each with the barcode of the retail unit it resolved to' })
  lineItems!: SalesOrderLineInput[];

  @ApiProperty({ description: 'the OPEN fulfilment order created at the store’s warehouse' })
  fulfilmentOrderId!: string;
}

const CUSTOMER_FIELDS = ['firstName', 'lastName', 'contactNumber', 'email'] as const;
const ADDRESS_FIELDS = ['name', 'company', 'line1', 'line2', 'postalCode', 'city', 'region', 'countryCode'] as const;
const LINE_FIELDS = ['name', 'sku', 'barcode', 'quantity', 'price', 'minShelfLifeDays', 'weightGram', 'harmonizedCode', 'countryCodeOfOrigin'] as const;

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

export function toSalesOrderRecord(input: {
  id: string;
  organizationId: string;
  environment: Environment;
  storeId: string;
  orderReference: string;
  placedAt: string;
  createdAt: Date;
  customer: CustomerInput;
  /** null or undefined: the order has none, and the record leaves it out. */
  shippingAddress?: ShippingAddressInput | null;
  lineItems: SalesOrderLineInput[];
  fulfilmentOrderId: string;
}): SalesOrderRecord {
  return {
    id: input.id,
    organizationId: input.organizationId,
    environment: input.environment,
    storeId: input.storeId,
    orderReference: input.orderReference,
    status: 'RECEIVED',
    placedAt: input.placedAt,
    createdAt: input.createdAt.toISOString(),
    customer: pick(input.customer, CUSTOMER_FIELDS) as CustomerInput,
    ...(input.shippingAddress ? { shippingAddress: pick(input.shippingAddress, ADDRESS_FIELDS) as ShippingAddressInput } : {}),
    lineItems: input.lineItems.map((line) => {
      const out = pick(line, LINE_FIELDS) as SalesOrderLineInput;
      if (line.price) out.price = { currency: line.price.currency, amountInMinorUnit: line.price.amountInMinorUnit };
      return out;
    }),
    fulfilmentOrderId: input.fulfilmentOrderId,
  };
}
