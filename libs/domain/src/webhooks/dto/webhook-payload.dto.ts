// The bodies of webhook requests (contracts 6.3 and 6.5): `{ type, timestamp, data }`, data the public resource (or, for
// the test event, the endpoint). Documented in the `webhooks` section of the public OpenAPI document (see webhookDocumentation).
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { SalesOrderView } from '../../orders/dto/sales-order-view.dto';
import { InventoryItemDto } from '../../inventory/dto/inventory-entry.dto';
import { WebhookEventType } from './webhook-endpoint.dto';

@ClosedSchema()
export class InventoryLevelChangedDataDto extends InventoryItemDto {
  @ApiProperty() warehouseId!: string;
}

const TIMESTAMP = () => ApiProperty({ format: 'date-time', description: 'when the change was recorded (UTC, microseconds)' });

@ClosedSchema()
export class SalesOrderWebhookEventDto {
  @ApiProperty({ enum: ['sales_order.created', 'sales_order.shipped', 'sales_order.cancelled', 'fulfilment_order.status_changed'] }) type!: WebhookEventType;
  @TIMESTAMP() timestamp!: string;
  @ApiProperty({ type: () => SalesOrderView, description: 'the sales order as GET .../sales-orders/{salesOrderId} answers it when the event is dispatched' }) data!: SalesOrderView;
}

@ClosedSchema()
export class InventoryLevelWebhookEventDto {
  @ApiProperty({ enum: ['inventory_level.changed'] }) type!: 'inventory_level.changed';
  @TIMESTAMP() timestamp!: string;
  @ApiProperty({ type: () => InventoryLevelChangedDataDto, description: 'the public inventory entry when the event is dispatched, with its warehouse' }) data!: InventoryLevelChangedDataDto;
}

export type WebhookPayload = SalesOrderWebhookEventDto | InventoryLevelWebhookEventDto;

@ClosedSchema()
export class WebhookTestDataDto {
  @ApiProperty({ format: 'uuid', description: 'the endpoint the test was sent to' }) endpointId!: string;
}

@ClosedSchema()
export class WebhookTestEventDto {
  @ApiProperty({ enum: ['webhook.test'] }) type!: 'webhook.test';
  @ApiProperty({ format: 'date-time', description: 'when the test was asked for (UTC, microseconds)' }) timestamp!: string;
  @ApiProperty({ type: () => WebhookTestDataDto }) data!: WebhookTestDataDto;
}
