// RECEIVE_INBOUND_SHIPMENT and CLOSE_INBOUND_SHIPMENT (contract 6.9): the warehouse's doors to the domain's
// receiving of inbound shipments.
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsUUID } from 'class-validator';
import { ClosedSchema, HasItems, NestedObjectList, Required, canonicalUuid } from '@gateway/platform';
import { INBOUND_SHIPMENT_LIMITS, InboundReceiptLineBody, InboundShipmentDto, InboundShipmentReceiving } from '@gateway/domain';
import { CommandContext, CommandHandler, DispatchableCommand } from '../policies/command-registry';
import { IsDistinctBarcodes } from '../policies/command-body-rules';

const InboundShipmentId = () =>
  applyDecorators(
    ApiProperty({ format: 'uuid', description: 'the inbound shipment (its id)', example: '5c0e7b9a-2f4d-4e8a-b1c3-9d8e7f6a5b4c' }),
    Required(),
    Transform(canonicalUuid),
    IsUUID(undefined, { message: 'must be a UUID' }),
  );

@ClosedSchema()
export class ReceiveInboundShipmentBody {
  @InboundShipmentId() inboundShipmentId!: string;

  @ApiProperty({ type: () => [InboundReceiptLineBody], description: 'what arrived, as counted; distinct barcodes' })
  @Required()
  @NestedObjectList(() => InboundReceiptLineBody)
  @HasItems(1, INBOUND_SHIPMENT_LIMITS.lines, 'lines')
  @IsDistinctBarcodes()
  lines!: InboundReceiptLineBody[];
}

@ClosedSchema()
export class CloseInboundShipmentBody {
  @InboundShipmentId() inboundShipmentId!: string;
}

/** Adds a receipt: onHand rises by what was counted (as RECEIVE_STOCK raises it); the result is the shipment as it now is. */
@DispatchableCommand({ name: 'RECEIVE_INBOUND_SHIPMENT', body: ReceiveInboundShipmentBody, result: InboundShipmentDto })
export class ReceiveInboundShipmentCommand implements CommandHandler<ReceiveInboundShipmentBody> {
  constructor(private readonly receiving: InboundShipmentReceiving) {}

  handle(body: ReceiveInboundShipmentBody, context: CommandContext): Promise<InboundShipmentDto> {
    return this.receiving.receive(
      context.organizationId,
      body.inboundShipmentId,
      body.lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })),
      context.initiator,
    );
  }
}

/** Completes the shipment, also when less arrived than announced; the result is the shipment as it now is. */
@DispatchableCommand({ name: 'CLOSE_INBOUND_SHIPMENT', body: CloseInboundShipmentBody, result: InboundShipmentDto })
export class CloseInboundShipmentCommand implements CommandHandler<CloseInboundShipmentBody> {
  constructor(private readonly receiving: InboundShipmentReceiving) {}

  handle(body: CloseInboundShipmentBody, context: CommandContext): Promise<InboundShipmentDto> {
    return this.receiving.close(context.organizationId, body.inboundShipmentId, context.initiator);
  }
}
