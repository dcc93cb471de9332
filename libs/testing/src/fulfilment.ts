// Moves fulfilment orders and inventory through the real domain services, as the internal gateway does, for the tests of
// either gateway that need an order allocated, shipped, cancelled or withdrawn.
import {
  Database,
  DomainEventRepository,
  FulfilmentOrderRepository,
  FulfilmentOrderShippingRepository,
  InventoryLevelRepository,
  Queryable,
  SalesOrderRepository,
  ReturnRepository,
  ShipmentRepository,
} from '@gateway/persistence';
import {
  FulfilmentOrderAllocation,
  FulfilmentOrderCancellation,
  FulfilmentOrderShipping,
  FulfilmentOrderTransitions,
  InventoryLedger,
  ProcessedReturnLine,
  ReturnLifecycle,
  ShipmentDetails,
  ShipmentTracking,
  ShipmentUpdate,
} from '@gateway/domain';
import { FulfilmentOrderClosureService } from '@gateway/internal-api';

export function fulfilment(db: Database) {
  const events = new DomainEventRepository();
  const ledger = new InventoryLedger(new InventoryLevelRepository(), events);
  const transitions = new FulfilmentOrderTransitions(new FulfilmentOrderRepository(), events, ledger);
  const returns = new ReturnLifecycle(new ReturnRepository(), events, ledger);
  return {
    /** The warehouse's steps of a return (MARK_RETURN_ARRIVED, PROCESS_RETURN). */
    returnArrived: (organizationId: string, returnId: string) => db.transaction((tx) => returns.markArrived(tx, organizationId, returnId, 'test-warehouse')),
    processReturn: (organizationId: string, returnId: string, lines: ProcessedReturnLine[]) =>
      db.transaction((tx) => returns.process(tx, organizationId, returnId, lines, 'test-warehouse')),
    allocate: (organizationId: string, fulfilmentOrderId: string) =>
      db.transaction((tx) =>
        new FulfilmentOrderAllocation(transitions, new InventoryLevelRepository()).allocate(tx, organizationId, fulfilmentOrderId, 'test-warehouse'),
      ),
    /** One shipment: everything unshipped, or what `shipment.lines` names. */
    ship: (organizationId: string, fulfilmentOrderId: string, shipment?: ShipmentDetails) =>
      new FulfilmentOrderShipping(new FulfilmentOrderShippingRepository()).ship(db, organizationId, fulfilmentOrderId, 'test-warehouse', shipment),
    updateShipment: (organizationId: string, update: ShipmentUpdate) =>
      db.transaction((tx) =>
        new ShipmentTracking(transitions, new ShipmentRepository(), new FulfilmentOrderRepository(), events).update(
          tx,
          organizationId,
          update,
          'test-warehouse',
        ),
      ),
    cancel: (organizationId: string, fulfilmentOrderId: string) =>
      new FulfilmentOrderClosureService(db, transitions, new FulfilmentOrderCancellation(transitions, new SalesOrderRepository(), events)).cancel(
        organizationId,
        fulfilmentOrderId,
        'test-warehouse',
      ),
    withdraw: (organizationId: string, fulfilmentOrderId: string) =>
      new FulfilmentOrderClosureService(db, transitions, new FulfilmentOrderCancellation(transitions, new SalesOrderRepository(), events)).withdraw(
        organizationId,
        fulfilmentOrderId,
        'test-warehouse',
      ),
    /** Stock received at a warehouse, in the transaction given (or one of its own). */
    receive: (target: { organizationId: string; warehouseId: string; barcode: string }, quantity: number, tx?: Queryable): Promise<void> => {
      const change = {
        ...target,
        delta: { onHand: quantity },
        type: 'StockReceived',
        aggregateType: 'InventoryLevel',
        aggregateId: `${target.warehouseId}/${target.barcode}`,
        initiator: 'test',
      };
      return tx ? ledger.apply(tx, [change]) : db.transaction((t) => ledger.apply(t, [change]));
    },
  };
}
