// A shipment's progress (contract 6.7), for every door that moves it (the staff's UPDATE_SHIPMENT, the
// sandbox's UPDATE_SHIPMENT and DELIVER simulations and its auto-advance), in the caller's transaction: its
// status, and corrections of its tracking. DELIVERED records when (occurredAt, default now; never before the shipment shipped nor ahead of
// the clock); DELIVERED and RETURNED are final (a later update is a 409, FAILED); RETURNED moves no stock. The update that makes every shipment of a SHIPPED order
// DELIVERED makes its sales order DELIVERED (SalesOrderDelivered). The fulfilment order is locked first, so
// two shipments of one order delivered at once still tell of the delivery exactly once.
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { DomainEventRepository, FulfilmentOrderRepository, Queryable, ShipmentRepository } from '@gateway/persistence';
import { FINAL_SHIPMENT_STATUSES, decideShipmentUpdate, occurredAtRefusal, orderDeliveredAt } from '../policies/shipment-rules';
import { toShipmentDto } from '../dto/shipment.dto';
import { ShipmentUpdate, ShipmentUpdateResultDto } from '../dto/fulfilment-order-shipment.dto';
import { FulfilmentOrderTransitions } from './fulfilment-order-transitions';

@Injectable()
export class ShipmentTracking {
  constructor(
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly shipments: ShipmentRepository,
    private readonly orders: FulfilmentOrderRepository,
    private readonly events: DomainEventRepository,
  ) {}

  async update(tx: Queryable, organizationId: string, update: ShipmentUpdate, initiator: string): Promise<ShipmentUpdateResultDto> {
    const unknown = () => new NotFoundProblem('The shipment does not exist in this organization.');
    const fulfilmentOrderId = await this.shipments.fulfilmentOrderOf(tx, organizationId, update.shipmentId);
    if (!fulfilmentOrderId) throw unknown();
    const order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    const before = await this.shipments.listOfFulfilmentOrder(tx, order.id);
    const current = before.find((s) => s.id === update.shipmentId);
    if (!current) throw unknown();
    const decision = decideShipmentUpdate(current.status, update.status);
    if (decision.kind === 'refused') throw new ConflictProblem(decision.reason, 'fulfilment-order-state');
    const timeRefusal = occurredAtRefusal(current.shippedAt, update.occurredAt, Date.now());
    if (timeRefusal !== undefined) throw new ConflictProblem(timeRefusal, 'fulfilment-order-state');

    const deliveredAt = update.status === 'DELIVERED' ? new Date(update.occurredAt ?? Date.now()).toISOString() : undefined;
    const shipment = await this.shipments.update(tx, update.shipmentId, {
      status: update.status,
      trackingNumber: update.trackingNumber,
      trackingUrl: update.trackingUrl,
      deliveredAt,
    });
    await this.orders.touch(tx, order.id);
    await this.events.append(tx, [
      {
        organizationId,
        type: 'ShipmentUpdated',
        aggregateType: 'Shipment',
        aggregateId: shipment.id,
        warehouseId: order.warehouseId,
        initiator,
        payload: { fulfilmentOrderId, from: current.status, to: shipment.status, shipment },
      },
    ]);
    const after = before.map((s) => (s.id === shipment.id ? shipment : s));
    const orderDelivered = orderDeliveredAt(order.status, after);
    if (orderDelivered !== undefined && orderDeliveredAt(order.status, before) === undefined && order.salesOrderId) {
      await this.events.append(tx, [
        {
          organizationId,
          type: 'SalesOrderDelivered',
          aggregateType: 'SalesOrder',
          aggregateId: order.salesOrderId,
          initiator,
          payload: { fulfilmentOrderId, deliveredAt: orderDelivered },
        },
      ]);
    }
    return { fulfilmentOrderId, shipment: toShipmentDto(shipment) };
  }

  /**
   * Every shipment of the order that is not final yet set DELIVERED, one update each (so each tells of its
   * delivery, and the last one of the order's); a 409 when none is left to deliver.
   */
  async deliverEvery(tx: Queryable, organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<ShipmentUpdateResultDto[]> {
    const order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    const open = (await this.shipments.listOfFulfilmentOrder(tx, order.id)).filter((s) => !FINAL_SHIPMENT_STATUSES.includes(s.status));
    if (open.length === 0) throw new ConflictProblem(`The fulfilment order is ${order.status} and has no shipment left to deliver.`, 'fulfilment-order-state');
    const delivered: ShipmentUpdateResultDto[] = [];
    for (const shipment of open) delivered.push(await this.update(tx, organizationId, { shipmentId: shipment.id, status: 'DELIVERED' }, initiator));
    return delivered;
  }
}
