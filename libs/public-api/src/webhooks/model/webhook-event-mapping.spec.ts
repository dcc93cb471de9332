import type { DomainEventRow } from '@gateway/persistence';
import { mapDomainEvent, webhookIdOf } from './webhook-event-mapping';
import { parseRetrySchedule, retryDelay } from './retry-schedule';

const event = (fields: Partial<DomainEventRow>): DomainEventRow => ({
  id: '5dc19fa8-77cf-4d3b-b984-af21d2cc9555',
  sequence: 1,
  xid: '1',
  type: 'X',
  occurredAt: '2026-11-23T10:00:00.000000Z',
  organizationId: 'o',
  warehouseId: null,
  barcode: null,
  aggregateType: 'X',
  aggregateId: 'a',
  initiator: null,
  payload: {},
  ...fields,
});

describe('webhook event mapping', () => {
  it('maps the sales order events', () => {
    expect(mapDomainEvent(event({ type: 'SalesOrderReceived', aggregateType: 'SalesOrder', aggregateId: 's' }))).toEqual([
      { type: 'sales_order.created', subject: { kind: 'salesOrder', salesOrderId: 's' } },
    ]);
    expect(mapDomainEvent(event({ type: 'SalesOrderCancelled', aggregateType: 'SalesOrder', aggregateId: 's' }))).toEqual([
      { type: 'sales_order.cancelled', subject: { kind: 'salesOrder', salesOrderId: 's' } },
    ]);
    expect(mapDomainEvent(event({ type: 'SalesOrderUpdated', aggregateType: 'SalesOrder', aggregateId: 's' }))).toEqual([
      { type: 'sales_order.updated', subject: { kind: 'salesOrder', salesOrderId: 's' } },
    ]);
  });

  it('maps a shipment to sales_order.shipped and a status change; other transitions to a status change only', () => {
    const subject = { kind: 'fulfilmentOrder', fulfilmentOrderId: 'fo-1' };
    expect(
      mapDomainEvent(
        event({ type: 'FulfilmentOrderShipped', aggregateType: 'FulfilmentOrder', aggregateId: 'fo-1', payload: { from: 'PICKING', to: 'SHIPPED' } }),
      ),
    ).toEqual([
      { type: 'sales_order.shipped', subject },
      { type: 'fulfilment_order.status_changed', subject },
    ]);
    expect(mapDomainEvent(event({ type: 'FulfilmentOrderAllocated', aggregateType: 'FulfilmentOrder', aggregateId: 'fo-1' }))).toEqual([
      { type: 'fulfilment_order.status_changed', subject },
    ]);
    expect(mapDomainEvent(event({ type: 'FulfilmentOrderOpened', aggregateType: 'FulfilmentOrder', aggregateId: 'fo-1' }))).toEqual([]);
  });

  it('maps the steps of a return to the return events, and its restock to an inventory change', () => {
    const subject = { kind: 'return', returnId: 'r-1' };
    for (const [type, webhook] of [
      ['ReturnCreated', 'return.created'],
      ['ReturnArrived', 'return.arrived'],
      ['ReturnCompleted', 'return.completed'],
      ['ReturnCancelled', 'return.cancelled'],
    ]) {
      expect(mapDomainEvent(event({ type, aggregateType: 'Return', aggregateId: 'r-1', warehouseId: 'wh' }))).toEqual([{ type: webhook, subject }]);
    }
    expect(
      mapDomainEvent(
        event({ type: 'StockRestocked', aggregateType: 'Return', aggregateId: 'r-1', warehouseId: 'wh', barcode: 'B', payload: { delta: { onHand: 1 } } }),
      ),
    ).toEqual([{ type: 'inventory_level.changed', subject: { kind: 'inventoryLevel', warehouseId: 'wh', barcode: 'B' } }]);
    // A return event of another aggregate is not a return's step.
    expect(mapDomainEvent(event({ type: 'ReturnCreated', aggregateType: 'X' }))).toEqual([]);
  });

  it('maps shipments to the shipment events, a partial shipment to a status change only, and a delivery to sales_order.delivered', () => {
    const shipment = { kind: 'shipment', shipmentId: 'sh-1' };
    // A shipment event names its warehouse but carries no delta: not an inventory change.
    expect(
      mapDomainEvent(event({ type: 'ShipmentCreated', aggregateType: 'Shipment', aggregateId: 'sh-1', warehouseId: 'wh', payload: { shipment: {} } })),
    ).toEqual([{ type: 'sales_order.shipment_created', subject: shipment }]);
    expect(mapDomainEvent(event({ type: 'ShipmentUpdated', aggregateType: 'Shipment', aggregateId: 'sh-1', warehouseId: 'wh' }))).toEqual([
      { type: 'sales_order.shipment_updated', subject: shipment },
    ]);
    expect(mapDomainEvent(event({ type: 'FulfilmentOrderPartiallyShipped', aggregateType: 'FulfilmentOrder', aggregateId: 'fo-1' }))).toEqual([
      { type: 'fulfilment_order.status_changed', subject: { kind: 'fulfilmentOrder', fulfilmentOrderId: 'fo-1' } },
    ]);
    expect(mapDomainEvent(event({ type: 'SalesOrderDelivered', aggregateType: 'SalesOrder', aggregateId: 's' }))).toEqual([
      { type: 'sales_order.delivered', subject: { kind: 'salesOrder', salesOrderId: 's' } },
    ]);
  });

  it('maps every ledger event (a delta or a set on one level) to inventory_level.changed', () => {
    const level = { warehouseId: 'wh', barcode: 'B1' };
    for (const payload of [{ delta: { onHand: 1 } }, { set: { onHand: 1 } }]) {
      expect(mapDomainEvent(event({ type: 'AnythingMoved', ...level, payload }))).toEqual([
        { type: 'inventory_level.changed', subject: { kind: 'inventoryLevel', ...level } },
      ]);
    }
    expect(mapDomainEvent(event({ type: 'RetailUnitArchived', barcode: 'B1', payload: { sku: 'S' } }))).toEqual([]);
  });

  it('gives one webhook event one id, distinct per event type', () => {
    expect(webhookIdOf('5dc19fa8-77cf-4d3b-b984-af21d2cc9555', 'sales_order.shipped')).toBe('msg_5dc19fa877cf4d3bb984af21d2cc9555_sales_order.shipped');
  });

  it('parses the retry schedule and refuses anything else', () => {
    expect(parseRetrySchedule('5,300,1800')).toEqual([5, 300, 1800]);
    expect(retryDelay([5, 300], 1)).toBe(5);
    expect(retryDelay([5, 300], 3)).toBeUndefined();
    for (const bad of ['', '0', '5,,6', '-1', '1.5', '5, 6']) expect(() => parseRetrySchedule(bad)).toThrow();
  });
});
