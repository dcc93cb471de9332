// Shipping a fulfilment order (contract 6.7), for every door that ships (the staff's SHIP_FULFILMENT_ORDER,
// the sandbox's SHIP simulation and its auto-advance), in the caller's transaction: each call records one shipment, from PICKING, from ALLOCATED by passing through PICKING (two status events, one
// transaction), or from PARTIALLY_SHIPPED. What ships goes off allocated and onHand; the order is SHIPPED
// when nothing is left, else PARTIALLY_SHIPPED and still holding the rest. A barcode not on the order, more
// than is left, or a state that does not ship, is a 409 (FAILED) and changes nothing.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import { DomainEventRepository, Queryable, ShipmentRepository } from '@gateway/persistence';
import { decideTransition } from '../policies/fulfilment-order-state-machine';
import { planShipment, unshippedQuantities } from '../policies/shipment-rules';
import { toShipmentDto } from '../dto/shipment.dto';
import { ShipmentDetails } from '../dto/fulfilment-order-shipment.dto';
import { FulfilmentOrderStatusDto } from '../dto/fulfilment-order-status.dto';
import { FulfilmentOrderTransitions } from './fulfilment-order-transitions';

const SHIPS_FROM = ['ALLOCATED', 'PICKING', 'PARTIALLY_SHIPPED'];

@Injectable()
export class FulfilmentOrderShipping {
  constructor(
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly shipments: ShipmentRepository,
    private readonly events: DomainEventRepository,
  ) {}

  async ship(
    tx: Queryable,
    organizationId: string,
    fulfilmentOrderId: string,
    initiator: string,
    details: ShipmentDetails = {},
  ): Promise<Required<FulfilmentOrderStatusDto>> {
    let order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    if (!SHIPS_FROM.includes(order.status))
      throw new ConflictProblem(
        `A fulfilment order that is ${order.status} cannot be shipped; allowed from ALLOCATED, PICKING or PARTIALLY_SHIPPED.`,
        'fulfilment-order-state',
      );
    const unshipped = unshippedQuantities(order.lines, await this.shipments.listOfFulfilmentOrder(tx, order.id));
    const plan = planShipment(unshipped, details.lines);
    if (plan.kind === 'refused') throw new ConflictProblem(plan.reason, 'fulfilment-order-state');

    const picking = decideTransition(order.status, 'startPicking');
    if (picking.kind === 'apply') order = await this.transitions.move(tx, order, picking.to, picking.event, initiator);
    const ship = decideTransition(order.status, plan.rest ? 'shipPart' : 'ship');
    if (ship.kind !== 'apply')
      throw new ConflictProblem(ship.kind === 'refused' ? ship.reason : `The fulfilment order is already ${order.status}.`, 'fulfilment-order-state');

    const skus = await this.shipments.skusOf(
      tx,
      organizationId,
      plan.lines.map((l) => l.barcode),
    );
    const shipment = await this.shipments.insert(tx, {
      id: randomUUID(),
      organizationId,
      fulfilmentOrderId,
      carrier: details.carrier ?? null,
      service: details.service ?? null,
      trackingNumber: details.trackingNumber ?? null,
      trackingUrl: details.trackingUrl ?? null,
      lines: plan.lines.map((l) => ({ barcode: l.barcode, sku: skus.get(l.barcode) as string, quantity: l.quantity })),
    });
    await this.events.append(tx, [
      {
        organizationId,
        type: 'ShipmentCreated',
        aggregateType: 'Shipment',
        aggregateId: shipment.id,
        warehouseId: order.warehouseId,
        initiator,
        payload: { fulfilmentOrderId, shipment },
      },
    ]);
    const moved = await this.transitions.ship(tx, order, ship.to, ship.event, initiator, { id: shipment.id, lines: plan.lines }, unshipped);
    return { fulfilmentOrderId, status: moved.status, shipment: toShipmentDto(shipment) };
  }
}
