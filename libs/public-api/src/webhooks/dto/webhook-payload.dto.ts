// The bodies of webhook requests (contracts 6.3, 6.5 and 6.10): `{ type, timestamp, environment, data }`, data the public resource (or, for
// the test event, the endpoint). Documented in the `webhooks` section of the public OpenAPI document (see webhookDocumentation).
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import type { Environment } from '@gateway/persistence';
import { EnvironmentProperty, InboundShipmentDto, ReturnDto, ShipmentDto } from '@gateway/domain';
import { SalesOrderView } from '../../orders';
import { InventoryItemDto } from '../../inventory';
import { EventTypeCarrying, eventTypesCarrying } from '../model/webhook-event-types';

@ClosedSchema()
export class InventoryLevelChangedDataDto extends InventoryItemDto {
  @ApiProperty() warehouseId!: string;
}

const TIMESTAMP = () => ApiProperty({ format: 'date-time', description: 'when the change was recorded (UTC, microseconds)' });

@ClosedSchema()
export class SalesOrderWebhookEventDto {
  @ApiProperty({ enum: eventTypesCarrying('salesOrder') }) type!: EventTypeCarrying<'salesOrder'>;
  @TIMESTAMP() timestamp!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({ type: () => SalesOrderView, description: 'the sales order as GET .../sales-orders/{salesOrderId} answers it when the event is dispatched' })
  data!: SalesOrderView;
}

@ClosedSchema()
export class InventoryLevelWebhookEventDto {
  @ApiProperty({ enum: eventTypesCarrying('inventoryLevel') }) type!: EventTypeCarrying<'inventoryLevel'>;
  @TIMESTAMP() timestamp!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({ type: () => InventoryLevelChangedDataDto, description: 'the public inventory entry when the event is dispatched, with its warehouse' })
  data!: InventoryLevelChangedDataDto;
}

/** A shipment with the sales order it belongs to. */
@ClosedSchema()
export class ShipmentWebhookDataDto extends ShipmentDto {
  @ApiProperty({ format: 'uuid' }) salesOrderId!: string;
  @ApiProperty() storeId!: string;
  @ApiProperty() orderReference!: string;
}

@ClosedSchema()
export class ShipmentWebhookEventDto {
  @ApiProperty({ enum: eventTypesCarrying('shipment') }) type!: EventTypeCarrying<'shipment'>;
  @TIMESTAMP() timestamp!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({ type: () => ShipmentWebhookDataDto, description: 'the shipment as the sales order shows it when the event is dispatched, with its order' })
  data!: ShipmentWebhookDataDto;
}

@ClosedSchema()
export class ReturnWebhookEventDto {
  @ApiProperty({ enum: eventTypesCarrying('return') }) type!: EventTypeCarrying<'return'>;
  @TIMESTAMP() timestamp!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({ type: () => ReturnDto, description: 'the return as GET .../returns/{returnId} answers it when the event is dispatched' })
  data!: ReturnDto;
}

@ClosedSchema()
export class InboundReceiptLineDto {
  @ApiProperty() barcode!: string;
  @ApiProperty({ description: "the retail unit's sku" }) sku!: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'what this receipt counted of the barcode' }) quantity!: number;
}

@ClosedSchema()
export class InboundReceiptDto {
  @ApiProperty({ type: () => [InboundReceiptLineDto] }) lines!: InboundReceiptLineDto[];
}

/** An inbound shipment; on inbound_shipment.received, with what that receipt counted. */
@ClosedSchema()
export class InboundShipmentWebhookDataDto extends InboundShipmentDto {
  @ApiProperty({ type: () => InboundReceiptDto, required: false, description: 'with inbound_shipment.received only: what this receipt counted' })
  receipt?: InboundReceiptDto;
}

@ClosedSchema()
export class InboundShipmentWebhookEventDto {
  @ApiProperty({ enum: eventTypesCarrying('inboundShipment') }) type!: EventTypeCarrying<'inboundShipment'>;
  @TIMESTAMP() timestamp!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({
    type: () => InboundShipmentWebhookDataDto,
    description: 'the inbound shipment as GET .../inbound-shipments/{inboundShipmentId} answers it when the event is dispatched',
  })
  data!: InboundShipmentWebhookDataDto;
}

export type WebhookPayload =
  SalesOrderWebhookEventDto | ShipmentWebhookEventDto | InventoryLevelWebhookEventDto | ReturnWebhookEventDto | InboundShipmentWebhookEventDto;

@ClosedSchema()
export class WebhookTestDataDto {
  @ApiProperty({ format: 'uuid', description: 'the endpoint the test was sent to' }) endpointId!: string;
}

@ClosedSchema()
export class WebhookTestEventDto {
  @ApiProperty({ enum: eventTypesCarrying('endpoint') }) type!: EventTypeCarrying<'endpoint'>;
  @ApiProperty({ format: 'date-time', description: 'when the test was asked for (UTC, microseconds)' }) timestamp!: string;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({ type: () => WebhookTestDataDto }) data!: WebhookTestDataDto;
}
