// Receiving an inbound shipment (contract 6.9), the warehouse's side: each receipt adds what was counted to the
// shipment's lines (a barcode not announced gets a line of its own, more than announced is kept as counted) and
// raises onHand through the ledger with the event RECEIVE_STOCK appends (StockReceived), so levels stay a
// projection of the log; a shipment whose every line has received what was announced completes by itself.
// Closing completes it whatever arrived. Each in one transaction (the caller's, with receiveIn, for a door
// that holds one already), under the shipment's row lock.
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { Database, DomainEventRepository, InboundShipmentRepository, InboundShipmentRow, Queryable } from '@gateway/persistence';
import { InventoryLedger } from '../../inventory';
import { InboundShipmentDto, toInboundShipmentDto } from '../dto/inbound-shipment.dto';
import { decideInboundTransition, everythingArrived, InboundShipmentAction } from '../policies/inbound-shipment-state-machine';

export interface InboundReceiptLine {
  barcode: string;
  quantity: number;
}

@Injectable()
export class InboundShipmentReceiving {
  constructor(
    private readonly db: Database,
    private readonly shipments: InboundShipmentRepository,
    private readonly events: DomainEventRepository,
    private readonly ledger: InventoryLedger,
  ) {}

  /** Adds a receipt (distinct barcodes, each quantity at least 1); the shipment as it now is. */
  async receive(organizationId: string, inboundShipmentId: string, lines: InboundReceiptLine[], initiator: string): Promise<InboundShipmentDto> {
    return this.db.transaction((tx) => this.receiveIn(tx, organizationId, inboundShipmentId, lines, initiator));
  }

  /** receive(), in the caller's transaction. */
  async receiveIn(
    tx: Queryable,
    organizationId: string,
    inboundShipmentId: string,
    lines: InboundReceiptLine[],
    initiator: string,
  ): Promise<InboundShipmentDto> {
    const shipment = await this.locked(tx, organizationId, inboundShipmentId);
    const decision = decideInboundTransition(shipment.status, 'receive');
    if (decision.kind !== 'apply') throw new ConflictProblem(refusal(decision));
    const units = await this.shipments.lockUnits(
      tx,
      organizationId,
      lines.map((l) => l.barcode),
    );
    for (const line of lines) {
      const unit = units.get(line.barcode);
      if (!unit) throw new NotFoundProblem(`The barcode ${line.barcode} is not a retail unit of this organization.`);
      if (unit.archived) throw new ConflictProblem(`The retail unit ${line.barcode} is archived: stock cannot be received for it.`, 'retail-unit-archived');
    }
    const { warehouseId } = shipment;
    await this.ledger.apply(
      tx,
      lines.map((line) => ({
        organizationId,
        warehouseId,
        barcode: line.barcode,
        delta: { onHand: line.quantity },
        type: 'StockReceived',
        aggregateType: 'InventoryLevel',
        aggregateId: `${warehouseId}/${line.barcode}`,
        initiator,
        details: { inboundShipmentId },
      })),
    );
    await this.shipments.addReceived(tx, inboundShipmentId, organizationId, lines);
    if (decision.to !== shipment.status) await this.shipments.setStatus(tx, inboundShipmentId, decision.to);
    await this.append(tx, shipment, decision.event, initiator, { lines: lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })) });
    const received = await this.read(tx, organizationId, inboundShipmentId);
    if (everythingArrived(received.lines)) return this.complete(tx, received, initiator, 'ARRIVED');
    return toInboundShipmentDto(received);
  }

  /** Completes the shipment (also when less arrived than announced); the shipment as it now is. */
  async close(organizationId: string, inboundShipmentId: string, initiator: string): Promise<InboundShipmentDto> {
    return this.db.transaction(async (tx) => this.complete(tx, await this.locked(tx, organizationId, inboundShipmentId), initiator, 'CLOSED'));
  }

  private async complete(tx: Queryable, shipment: InboundShipmentRow, initiator: string, why: 'ARRIVED' | 'CLOSED'): Promise<InboundShipmentDto> {
    const decision = decideInboundTransition(shipment.status, 'complete');
    if (decision.kind !== 'apply') throw new ConflictProblem(refusal(decision));
    await this.shipments.setStatus(tx, shipment.id, decision.to);
    await this.append(tx, shipment, decision.event, initiator, { completion: why });
    return toInboundShipmentDto(await this.read(tx, shipment.organizationId, shipment.id));
  }

  private async locked(tx: Queryable, organizationId: string, id: string): Promise<InboundShipmentRow> {
    const shipment = await this.shipments.find(tx, organizationId, id, true);
    if (!shipment) throw new NotFoundProblem('The inbound shipment does not exist in this organization.');
    return shipment;
  }

  private async read(tx: Queryable, organizationId: string, id: string): Promise<InboundShipmentRow> {
    return (await this.shipments.find(tx, organizationId, id)) as InboundShipmentRow;
  }

  private append(tx: Queryable, shipment: InboundShipmentRow, type: string, initiator: string, payload: Record<string, unknown>): Promise<void> {
    return appendInboundEvent(this.events, tx, shipment, type, initiator, payload);
  }
}

/** Appends an event of the shipment's aggregate (the webhooks of inbound_shipment.* are made from these). */
export function appendInboundEvent(
  events: DomainEventRepository,
  tx: Queryable,
  shipment: { id: string; organizationId: string; warehouseId: string },
  type: string,
  initiator: string,
  payload: Record<string, unknown> = {},
): Promise<void> {
  return events.append(tx, [
    {
      organizationId: shipment.organizationId,
      type,
      aggregateType: 'InboundShipment',
      aggregateId: shipment.id,
      warehouseId: shipment.warehouseId,
      initiator,
      payload,
    },
  ]);
}

function refusal(decision: { kind: 'already'; status: string } | { kind: 'refused'; reason: string }): string {
  return decision.kind === 'refused' ? decision.reason : `The inbound shipment is already ${decision.status}.`;
}

export type { InboundShipmentAction };
