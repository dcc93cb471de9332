// Shipping a fulfilment order (contract 6.7), for every door that ships (the staff's SHIP_FULFILMENT_ORDER,
// the sandbox's SHIP simulation and its auto-advance): each call records one shipment, from PICKING, from
// ALLOCATED by passing through PICKING (two status events), or from PARTIALLY_SHIPPED. What ships goes off
// allocated and onHand; the order is SHIPPED when nothing is left, else PARTIALLY_SHIPPED and still holding the
// rest. A barcode not on the order, more than is left, or a state that does not ship, is a 409 (FAILED) and
// changes nothing. One read and one statement (FulfilmentOrderShippingRepository): the statement writes only on
// the order as read, else the shipment is decided again on the order as it now is. `q` is the pool (the
// statement is its own transaction) or a caller's transaction (the sandbox's steps).
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { FulfilmentOrderShippingRepository, NewDomainEvent, Queryable, ShippingRead, ShipmentRow } from '@gateway/persistence';
import { InventoryChange, ledgerEvents, levelChanges, levelKey, refusalAgainst } from '../../inventory';
import { FulfilmentOrderStatus, decideTransition, inventoryEffect } from '../policies/fulfilment-order-state-machine';
import { planShipment, unshippedQuantities } from '../policies/shipment-rules';
import { toShipmentDto } from '../dto/shipment.dto';
import { transitionStockChanges } from './fulfilment-order-transitions';
import { ShipmentDetails } from '../dto/fulfilment-order-shipment.dto';
import { FulfilmentOrderStatusDto } from '../dto/fulfilment-order-status.dto';

const SHIPS_FROM = ['ALLOCATED', 'PICKING', 'PARTIALLY_SHIPPED'];

@Injectable()
export class FulfilmentOrderShipping {
  constructor(private readonly repository: FulfilmentOrderShippingRepository) {}

  async ship(
    q: Queryable,
    organizationId: string,
    fulfilmentOrderId: string,
    initiator: string,
    details: ShipmentDetails = {},
  ): Promise<Required<FulfilmentOrderStatusDto>> {
    for (;;) {
      const read = await this.repository.read(q, fulfilmentOrderId);
      // An order of another organization is as unknown as one that does not exist.
      if (!read || read.order.organizationId !== organizationId) throw new NotFoundProblem('The fulfilment order does not exist in this organization.');
      const decided = decideShipment(read, initiator, details);
      const outcome = await this.repository.write(q, {
        order: read.order,
        version: read.version,
        to: decided.to,
        shipment: decided.shipment,
        events: decided.events,
        levels: levelChanges(decided.changes),
      });
      if (outcome.kind === 'moved') continue;
      if (outcome.kind === 'outOfBounds') {
        const { warehouseId } = read.order;
        throw refusalAgainst(
          decided.changes,
          new Map([...outcome.levels].map(([barcode, level]) => [levelKey({ organizationId, warehouseId, barcode }), level])),
        );
      }
      const shipment: ShipmentRow = { ...decided.shipment, status: 'SHIPPED', shippedAt: outcome.shippedAt, deliveredAt: null };
      return { fulfilmentOrderId, status: decided.to, shipment: toShipmentDto(shipment) };
    }
  }
}

/**
 * What one ship command writes on the order as read, in the order the events are appended: from ALLOCATED, the
 * move to PICKING (its event and the ledger's changes, none since both hold allocated); the ShipmentCreated event
 * (with the shipment as recorded, its shippedAt stamped by the statement); the move to SHIPPED or
 * PARTIALLY_SHIPPED (its event, none when it stays PARTIALLY_SHIPPED) and per barcode what ships, off allocated
 * and onHand (StockShipped). 409 when the state or the lines do not ship.
 */
function decideShipment(read: ShippingRead, initiator: string, details: ShipmentDetails) {
  const order = read.order;
  if (!SHIPS_FROM.includes(order.status))
    throw new ConflictProblem(
      `A fulfilment order that is ${order.status} cannot be shipped; allowed from ALLOCATED, PICKING or PARTIALLY_SHIPPED.`,
      'fulfilment-order-state',
    );
  const unshipped = unshippedQuantities(order.lines, read.shipments);
  const plan = planShipment(unshipped, details.lines);
  if (plan.kind === 'refused') throw new ConflictProblem(plan.reason, 'fulfilment-order-state');

  const events: (NewDomainEvent & { stampShippedAt?: boolean })[] = [];
  const changes: InventoryChange[] = [];
  const transitionEvent = (type: string, payload: Record<string, unknown>): NewDomainEvent => ({
    organizationId: order.organizationId,
    type,
    aggregateType: 'FulfilmentOrder',
    aggregateId: order.id,
    warehouseId: order.warehouseId,
    initiator,
    payload,
  });
  const stock = (
    from: FulfilmentOrderStatus,
    to: FulfilmentOrderStatus,
    extra: Record<string, unknown>,
    effects: { barcode: string; effect: ReturnType<typeof inventoryEffect> }[],
  ): InventoryChange[] => transitionStockChanges(order, initiator, { from, to, ...extra }, effects);

  let status: FulfilmentOrderStatus = order.status;
  const picking = decideTransition(status, 'startPicking');
  if (picking.kind === 'apply') {
    const lines = order.lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity }));
    events.push(transitionEvent(picking.event, { from: status, to: picking.to, lines }));
    const moved = stock(
      status,
      picking.to,
      {},
      order.lines.map((line) => ({ barcode: line.barcode, effect: inventoryEffect(status, picking.to, line.quantity) })),
    );
    events.push(...ledgerEvents(moved));
    changes.push(...moved);
    status = picking.to;
  }
  const ship = decideTransition(status, plan.rest ? 'shipPart' : 'ship');
  if (ship.kind !== 'apply')
    throw new ConflictProblem(ship.kind === 'refused' ? ship.reason : `The fulfilment order is already ${status}.`, 'fulfilment-order-state');

  const shipment = {
    id: randomUUID(),
    carrier: details.carrier ?? null,
    service: details.service ?? null,
    trackingNumber: details.trackingNumber ?? null,
    trackingUrl: details.trackingUrl ?? null,
    lines: plan.lines.map((l) => ({ barcode: l.barcode, sku: read.skus.get(l.barcode) as string, quantity: l.quantity })),
  };
  const recorded: ShipmentRow = { ...shipment, status: 'SHIPPED', shippedAt: '', deliveredAt: null };
  events.push({
    organizationId: order.organizationId,
    type: 'ShipmentCreated',
    aggregateType: 'Shipment',
    aggregateId: shipment.id,
    warehouseId: order.warehouseId,
    initiator,
    payload: { fulfilmentOrderId: order.id, shipment: recorded },
    stampShippedAt: true,
  });
  const lines = plan.lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity }));
  if (status !== ship.to) events.push(transitionEvent(ship.event, { from: status, to: ship.to, shipmentId: shipment.id, lines }));
  const shipped = stock(
    status,
    ship.to,
    { shipmentId: shipment.id },
    lines.map((line) => ({ barcode: line.barcode, effect: inventoryEffect(status, ship.to, unshipped.get(line.barcode) ?? 0, line.quantity) })),
  );
  events.push(...ledgerEvents(shipped));
  changes.push(...shipped);
  return { to: ship.to, shipment, events, changes };
}
