import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { FULFILMENT_ORDER_STATUSES, FulfilmentOrderStatus } from '../policies/fulfilment-order-state-machine';
import { ShipmentDto } from './shipment.dto';

/** Where a command left a fulfilment order (and, for a ship command, the shipment it recorded). */
@ClosedSchema()
export class FulfilmentOrderStatusDto {
  @ApiProperty() fulfilmentOrderId!: string;
  @ApiProperty({ enum: FULFILMENT_ORDER_STATUSES }) status!: FulfilmentOrderStatus;
  @ApiPropertyOptional({
    type: () => ShipmentDto,
    description: 'SHIP_FULFILMENT_ORDER only: the shipment this command recorded; its id is what UPDATE_SHIPMENT names',
  })
  shipment?: ShipmentDto;
}
