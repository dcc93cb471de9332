// A sales order as read back (contract 6.2): the record of section 4 with the state of its fulfilment,
// and one page of a store's orders.
import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsString, ValidateIf } from 'class-validator';
import { ClosedSchema, HasLength } from '@gateway/platform';
import { SalesOrderRow } from '@gateway/persistence';
import { PageCursor, PageLimit, ShipmentDto, orderDeliveredAt, toShipmentDto } from '@gateway/domain';
import { CustomerInput, SALES_ORDER_LIMITS, SalesOrderLineInput, ShippingAddressInput } from './create-sales-order.dto';
import { SalesOrderRecord, toSalesOrderRecord } from './sales-order-record.dto';

export const SALES_ORDER_STATUSES = ['RECEIVED', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];
export const FULFILMENT_STATUSES = ['OPEN', 'ALLOCATED', 'BACK_ORDERED', 'PICKING', 'PARTIALLY_SHIPPED', 'SHIPPED', 'CANCELLED', 'WITHDRAWN'] as const;

export class SalesOrderView extends OmitType(SalesOrderRecord, ['status'] as const) {
  @ApiProperty({
    enum: SALES_ORDER_STATUSES,
    description:
      'RECEIVED until the fulfilment order is SHIPPED (then SHIPPED; DELIVERED once it has shipments and every one is DELIVERED) or CANCELLED/WITHDRAWN (then CANCELLED); still RECEIVED while PARTIALLY_SHIPPED. Clients must tolerate values added later.',
  })
  status!: SalesOrderStatus;

  @ApiProperty({ enum: FULFILMENT_STATUSES, description: "the fulfilment order's state (PARTIALLY_SHIPPED: some shipments left, the rest is still held)" })
  fulfilmentStatus!: (typeof FULFILMENT_STATUSES)[number];

  @ApiProperty({
    type: () => [ShipmentDto],
    description: 'the parcels shipped so far, oldest first; [] before any, and for orders shipped before shipments were recorded',
  })
  shipments!: ShipmentDto[];

  @ApiPropertyOptional({ format: 'date-time', description: 'with status DELIVERED: when the last shipment was delivered; left out until then' })
  deliveredAt?: string;

  @ApiProperty({ format: 'date-time', description: 'the last change of the order or its fulfilment order' })
  updatedAt!: string;

  @ApiPropertyOptional({ maxLength: 500, description: 'the reason the integrator gave when it cancelled the order; left out until then' })
  cancellationReason?: string;
}

@ClosedSchema()
export class SalesOrderPageDto {
  @ApiProperty({ type: () => [SalesOrderView], description: 'newest first' })
  items!: SalesOrderView[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'opaque; pass it as cursor, with the same orderReference, for the next page; null on the last page',
  })
  nextCursor!: string | null;
}

const Optional = () => ValidateIf((_object, value) => value !== undefined);

export class ListSalesOrdersQuery {
  @PageLimit('orders per page')
  limit?: number;

  @PageCursor('orderReference')
  cursor?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: SALES_ORDER_LIMITS.orderReference, description: 'only the orders with exactly this orderReference' })
  @Optional()
  @IsString({ message: `must be 1 to ${SALES_ORDER_LIMITS.orderReference} characters` })
  @HasLength(1, SALES_ORDER_LIMITS.orderReference)
  orderReference?: string;
}

export function salesOrderStatus(fulfilmentStatus: string, deliveredAt?: string): SalesOrderStatus {
  if (fulfilmentStatus === 'SHIPPED') return deliveredAt === undefined ? 'SHIPPED' : 'DELIVERED';
  if (fulfilmentStatus === 'CANCELLED' || fulfilmentStatus === 'WITHDRAWN') return 'CANCELLED';
  return 'RECEIVED';
}

export function toSalesOrderView(row: SalesOrderRow): SalesOrderView {
  const record = toSalesOrderRecord({
    id: row.id,
    organizationId: row.organizationId,
    environment: row.environment,
    storeId: row.storeId,
    orderReference: row.orderReference,
    placedAt: row.placedAt.toISOString(),
    createdAt: row.createdAt,
    customer: row.customer as CustomerInput,
    shippingAddress: row.shippingAddress as ShippingAddressInput | null,
    lineItems: row.lines as SalesOrderLineInput[],
    fulfilmentOrderId: row.fulfilmentOrderId,
  });
  const deliveredAt = orderDeliveredAt(row.fulfilmentStatus, row.shipments);
  return {
    ...record,
    status: salesOrderStatus(row.fulfilmentStatus, deliveredAt),
    fulfilmentStatus: row.fulfilmentStatus as SalesOrderView['fulfilmentStatus'],
    updatedAt: row.updatedAt.toISOString(),
    shipments: row.shipments.map(toShipmentDto),
    ...(deliveredAt !== undefined ? { deliveredAt } : {}),
    ...(row.cancellationReason !== null ? { cancellationReason: row.cancellationReason } : {}),
  };
}
