// POST /v0/organizations/{organizationId}/sandbox/simulations (contract 6.10): one body class per action, each
// closed and naming its action, so that a body of another action's fields is refused with pointers; the answer
// is dispatch-command's envelope (outcome, reason with FAILED, result with SUCCESS).
import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayUnique, IsIn, IsInt, IsUUID, Max, Min, NotEquals, ValidateIf } from 'class-validator';
import { ClosedSchema, HasItems, NestedObject, NestedObjectList, Required, canonicalUuid } from '@gateway/platform';
import {
  INBOUND_SHIPMENT_LIMITS,
  InboundShipmentDto,
  InboundReceiptLineBody,
  IsBarcode,
  ProcessedReturnLineBody,
  RETURN_LIMITS,
  ReturnDto,
  SHIPMENT_UPDATE_STATUSES,
  ShipmentBody,
  ShipmentDto,
  ShipmentStatus,
} from '@gateway/domain';
import { SalesOrderView } from '../../orders';

export const SIMULATION_ACTIONS = [
  'ALLOCATE',
  'SHIP',
  'UPDATE_SHIPMENT',
  'DELIVER',
  'RECEIVE_INBOUND',
  'ARRIVE_RETURN',
  'PROCESS_RETURN',
  'ADJUST_STOCK',
] as const;
export type SimulationAction = (typeof SIMULATION_ACTIONS)[number];

const SAFE = Number.MAX_SAFE_INTEGER;
const Optional = () => ValidateIf((_object, value) => value !== undefined);
const ActionIs = (action: SimulationAction) => applyDecorators(ApiProperty({ enum: [action] }), Required(), IsIn([action], { message: `must be ${action}` }));
const UuidOf = (description: string, example: string) =>
  applyDecorators(
    ApiProperty({ format: 'uuid', description, example }),
    Required(),
    Transform(canonicalUuid),
    IsUUID(undefined, { message: 'must be a UUID' }),
  );
const DistinctBarcodes = () => ArrayUnique((line: { barcode?: unknown } | null) => line?.barcode, { message: 'must name each barcode once' });
const SalesOrderId = () => UuidOf('a sales order of the organization', '9865a2a3-90e1-4291-ba3e-1060283ba337');
const ReturnId = () => UuidOf('a return of the organization', '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b');

@ClosedSchema()
export class AllocateSimulation {
  @ActionIs('ALLOCATE') action!: 'ALLOCATE';
  @SalesOrderId() salesOrderId!: string;
}

@ClosedSchema()
export class ShipSimulation {
  @ActionIs('SHIP') action!: 'SHIP';
  @SalesOrderId() salesOrderId!: string;
  @ApiPropertyOptional({
    type: () => ShipmentBody,
    description:
      'the parcel, as the warehouse would record it; without it, everything unshipped in one parcel of carrier SANDBOX with a made-up tracking number',
  })
  @Optional()
  @NestedObject(() => ShipmentBody)
  shipment?: ShipmentBody;
}

@ClosedSchema()
export class UpdateShipmentSimulation {
  @ActionIs('UPDATE_SHIPMENT') action!: 'UPDATE_SHIPMENT';
  @UuidOf("a shipment of the organization (in the SHIP answer and the order's record)", '7c9e6679-7425-40de-944b-e07fc1f90ae7') shipmentId!: string;
  @ApiProperty({ enum: SHIPMENT_UPDATE_STATUSES, description: 'DELIVERED and RETURNED are final', example: 'IN_TRANSIT' })
  @Required()
  @IsIn(SHIPMENT_UPDATE_STATUSES, { message: `must be one of ${SHIPMENT_UPDATE_STATUSES.join(', ')}` })
  status!: ShipmentStatus;
}

@ClosedSchema()
export class DeliverSimulation {
  @ActionIs('DELIVER') action!: 'DELIVER';
  @SalesOrderId() salesOrderId!: string;
}

@ClosedSchema()
export class ReceiveInboundSimulation {
  @ActionIs('RECEIVE_INBOUND') action!: 'RECEIVE_INBOUND';
  @UuidOf('an inbound shipment of the organization', '5c0e7b9a-2f4d-4e8a-b1c3-9d8e7f6a5b4c') inboundShipmentId!: string;
  @ApiPropertyOptional({
    type: () => [InboundReceiptLineBody],
    description: 'what arrived, distinct barcodes; without lines, what is still outstanding of each line',
  })
  @Optional()
  @NestedObjectList(() => InboundReceiptLineBody)
  @HasItems(1, INBOUND_SHIPMENT_LIMITS.lines, 'lines')
  @DistinctBarcodes()
  lines?: InboundReceiptLineBody[];
}

@ClosedSchema()
export class ArriveReturnSimulation {
  @ActionIs('ARRIVE_RETURN') action!: 'ARRIVE_RETURN';
  @ReturnId() returnId!: string;
}

@ClosedSchema()
export class ProcessReturnSimulation {
  @ActionIs('PROCESS_RETURN') action!: 'PROCESS_RETURN';
  @ReturnId() returnId!: string;
  @ApiPropertyOptional({
    type: () => [ProcessedReturnLineBody],
    description: 'every line of the return, once; without lines, everything announced arrived and RESTOCK lines are restocked',
  })
  @Optional()
  @NestedObjectList(() => ProcessedReturnLineBody)
  @HasItems(1, RETURN_LIMITS.lines, 'lines')
  @DistinctBarcodes()
  lines?: ProcessedReturnLineBody[];
}

@ClosedSchema()
export class AdjustStockSimulation {
  @ActionIs('ADJUST_STOCK') action!: 'ADJUST_STOCK';
  @ApiProperty({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'a live retail unit of the organization', example: '8710000000011' })
  @IsBarcode()
  barcode!: string;
  @ApiProperty({
    type: 'integer',
    minimum: -SAFE,
    maximum: SAFE,
    description: "items added (positive) or taken away (negative) at the sandbox's warehouse; never below what is allocated",
    example: 25,
  })
  @Required()
  @IsInt({ message: 'must be an integer' })
  @NotEquals(0, { message: 'must not be 0' })
  @Min(-SAFE, { message: `must be at least ${-SAFE}` })
  @Max(SAFE, { message: `must be at most ${SAFE}` })
  quantity!: number;
}

export type SimulationRequest =
  | AllocateSimulation
  | ShipSimulation
  | UpdateShipmentSimulation
  | DeliverSimulation
  | ReceiveInboundSimulation
  | ArriveReturnSimulation
  | ProcessReturnSimulation
  | AdjustStockSimulation;

/** The body class of each action: the one table the validation, the document and the service read. */
export const SIMULATION_BODIES: Record<SimulationAction, new () => SimulationRequest> = {
  ALLOCATE: AllocateSimulation,
  SHIP: ShipSimulation,
  UPDATE_SHIPMENT: UpdateShipmentSimulation,
  DELIVER: DeliverSimulation,
  RECEIVE_INBOUND: ReceiveInboundSimulation,
  ARRIVE_RETURN: ArriveReturnSimulation,
  PROCESS_RETURN: ProcessReturnSimulation,
  ADJUST_STOCK: AdjustStockSimulation,
};

/** A level of the sandbox's warehouse after ADJUST_STOCK. */
@ClosedSchema()
export class SimulatedInventoryLevel {
  @ApiProperty({ example: 'sandbox-8d1e4c52-3a4b-4c6d-9e8f-0a1b2c3d4e5f' }) warehouseId!: string;
  @ApiProperty({ example: '8710000000011' }) barcode!: string;
  @ApiProperty({ type: 'integer', example: 30 }) onHand!: number;
  @ApiProperty({ type: 'integer', example: 2 }) allocated!: number;
  @ApiProperty({ type: 'integer', example: 1 }) pendingAllocation!: number;
  @ApiProperty({ type: 'integer', description: 'onHand - allocated', example: 28 }) fulfillable!: number;
  @ApiProperty({ type: 'integer', description: 'onHand - allocated - pendingAllocation', example: 27 }) sellable!: number;
}

/** What a successful simulation changed, as the reads show it; which fields are set depends on the action. */
@ClosedSchema()
export class SimulationResult {
  @ApiPropertyOptional({ type: () => SalesOrderView, description: 'ALLOCATE, SHIP, UPDATE_SHIPMENT, DELIVER: the sales order as it now is' })
  salesOrder?: SalesOrderView;
  @ApiPropertyOptional({ type: () => ShipmentDto, description: 'SHIP: the shipment it recorded; UPDATE_SHIPMENT: the shipment as it now is' })
  shipment?: ShipmentDto;
  @ApiPropertyOptional({ type: () => InboundShipmentDto, description: 'RECEIVE_INBOUND: the inbound shipment as it now is' })
  inboundShipment?: InboundShipmentDto;
  @ApiPropertyOptional({ type: () => ReturnDto, description: 'ARRIVE_RETURN, PROCESS_RETURN: the return as it now is' })
  return?: ReturnDto;
  @ApiPropertyOptional({ type: () => SimulatedInventoryLevel, description: "ADJUST_STOCK: the level at the sandbox's warehouse after it" })
  inventoryLevel?: SimulatedInventoryLevel;
}

@ClosedSchema()
export class SimulationOutcomeDto {
  @ApiProperty({ enum: ['SUCCESS', 'FAILED'] }) outcome!: 'SUCCESS' | 'FAILED';
  @ApiPropertyOptional({ description: 'with FAILED only: why the step was refused (the same reason the warehouse staff would get); nothing changed' })
  reason?: string;
  @ApiPropertyOptional({ type: () => SimulationResult, description: 'with SUCCESS only: what the step changed' })
  result?: SimulationResult;
}
