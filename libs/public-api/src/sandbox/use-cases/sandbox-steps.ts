// The warehouse's steps as a sandbox takes them, for both of its doors (the simulations a caller asks for and
// the auto-advance): each is the shared domain's use case the staff's command runs, in the caller's
// transaction, with what a sandbox adds around it (a parcel of carrier SANDBOX when none is named, allocating
// before shipping, what is outstanding or announced when no lines are named, the sandbox's own warehouse).
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { InboundShipmentRepository, InventoryQuantities, Queryable, ReturnRepository, ReturnRow, ShipmentStatus } from '@gateway/persistence';
import { SandboxRepository } from '@gateway/persistence-public';
import {
  FulfilmentOrderAllocation,
  FulfilmentOrderShipping,
  FulfilmentOrderStatusDto,
  FulfilmentOrderTransitions,
  InboundShipmentDto,
  InboundShipmentReceiving,
  ProcessedReturnLine,
  ReturnLifecycle,
  ShipmentDetails,
  ShipmentTracking,
  ShipmentUpdateResultDto,
  StockAdjustment,
} from '@gateway/domain';

/** The carrier of a sandbox's made-up parcels. */
export const SANDBOX_CARRIER = 'SANDBOX';
export const SANDBOX_TRACKING_URL = 'https://tracking.sandbox.invalid/';

/** One parcel of everything unshipped, with a tracking number made up for it. */
export function sandboxParcel(): ShipmentDetails {
  const trackingNumber = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
  return { carrier: SANDBOX_CARRIER, trackingNumber, trackingUrl: `${SANDBOX_TRACKING_URL}${trackingNumber}` };
}

@Injectable()
export class SandboxSteps {
  constructor(
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly allocation: FulfilmentOrderAllocation,
    private readonly shipping: FulfilmentOrderShipping,
    private readonly tracking: ShipmentTracking,
    private readonly stock: StockAdjustment,
    private readonly receiving: InboundShipmentReceiving,
    private readonly returns: ReturnLifecycle,
    private readonly returnRows: ReturnRepository,
    private readonly inboundRows: InboundShipmentRepository,
    private readonly sandboxes: SandboxRepository,
  ) {}

  allocate(tx: Queryable, organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<FulfilmentOrderStatusDto> {
    return this.allocation.allocate(tx, organizationId, fulfilmentOrderId, initiator);
  }

  /** Allocation after topping up, through stock adjustments, what each barcode lacks at the order's warehouse. */
  async allocateToppingUp(tx: Queryable, organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<FulfilmentOrderStatusDto> {
    const order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    for (const short of await this.allocation.shortfalls(tx, order)) {
      await this.stock.adjust(tx, {
        organizationId,
        warehouseId: order.warehouseId,
        barcode: short.barcode,
        quantity: short.shortfall,
        initiator,
        details: { fulfilmentOrderId },
      });
    }
    return this.allocation.allocate(tx, organizationId, fulfilmentOrderId, initiator);
  }

  /** One parcel (the one named, else a SANDBOX parcel of everything unshipped); an order not allocated yet is allocated first. */
  async ship(
    tx: Queryable,
    organizationId: string,
    fulfilmentOrderId: string,
    initiator: string,
    parcel?: ShipmentDetails,
  ): Promise<Required<FulfilmentOrderStatusDto>> {
    const order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    if (order.status === 'OPEN' || order.status === 'BACK_ORDERED') await this.allocation.allocate(tx, organizationId, fulfilmentOrderId, initiator);
    return this.shipping.ship(tx, organizationId, fulfilmentOrderId, initiator, parcel ?? sandboxParcel());
  }

  updateShipment(tx: Queryable, organizationId: string, shipmentId: string, status: ShipmentStatus, initiator: string) {
    return this.tracking.update(tx, organizationId, { shipmentId, status }, initiator);
  }

  /** Every shipment of the order not final yet, DELIVERED. */
  deliver(tx: Queryable, organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<ShipmentUpdateResultDto[]> {
    return this.tracking.deliverEvery(tx, organizationId, fulfilmentOrderId, initiator);
  }

  /** A receipt of the lines named, else of what is still outstanding of each announced line. */
  async receiveInbound(
    tx: Queryable,
    organizationId: string,
    inboundShipmentId: string,
    initiator: string,
    lines?: { barcode: string; quantity: number }[],
  ): Promise<InboundShipmentDto> {
    let receipt = lines;
    if (!receipt) {
      const shipment = await this.inboundRows.find(tx, organizationId, inboundShipmentId, true);
      if (!shipment) throw new NotFoundProblem('The inbound shipment does not exist in this organization.');
      receipt = shipment.lines
        .filter((l) => Number(l.expectedQuantity) > Number(l.receivedQuantity))
        .map((l) => ({ barcode: l.barcode, quantity: Number(l.expectedQuantity) - Number(l.receivedQuantity) }));
      if (receipt.length === 0) throw new ConflictProblem(`The inbound shipment is ${shipment.status}: nothing of it is outstanding.`);
    }
    return this.receiving.receiveIn(tx, organizationId, inboundShipmentId, receipt, initiator);
  }

  arriveReturn(tx: Queryable, organizationId: string, returnId: string, initiator: string): Promise<ReturnRow> {
    return this.returns.markArrived(tx, organizationId, returnId, initiator);
  }

  /** The return processed as named, else as announced: everything arrived, RESTOCK lines restocked, DISPOSE lines not. */
  async processReturn(tx: Queryable, organizationId: string, returnId: string, initiator: string, lines?: ProcessedReturnLine[]): Promise<ReturnRow> {
    let processed = lines;
    if (!processed) {
      const found = await this.returnRows.find(tx, organizationId, returnId);
      if (!found) throw new NotFoundProblem('The return does not exist in this organization.');
      processed = found.lines.map((l) => ({
        barcode: l.barcode,
        receivedQuantity: Number(l.quantity),
        restockQuantity: l.action === 'RESTOCK' ? Number(l.quantity) : 0,
      }));
    }
    return this.returns.process(tx, organizationId, returnId, processed, initiator);
  }

  /** onHand at the sandbox's own warehouse moved by `quantity`; the warehouse and the level after it. */
  async adjustStock(
    tx: Queryable,
    organizationId: string,
    barcode: string,
    quantity: number,
    initiator: string,
  ): Promise<{ warehouseId: string; level: InventoryQuantities }> {
    const warehouseId = await this.sandboxes.ownWarehouse(tx, organizationId);
    if (!warehouseId) throw new ConflictProblem('The sandbox organization has no warehouse of its own to hold stock.');
    return { warehouseId, level: await this.stock.adjust(tx, { organizationId, warehouseId, barcode, quantity, initiator }) };
  }
}
