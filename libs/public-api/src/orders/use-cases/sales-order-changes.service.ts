// The integrator's changes to an order it sent (contract 6.7), each in one transaction that first locks the
// order's fulfilment order, as every transition of the warehouse does, so a change and a transition never
// interleave: replacing the shipping address while the order could still be cancelled, and cancelling it
// (the shared domain's cancellation releases what it held). Whoever may create orders on the store may.
import { Injectable, Optional } from '@nestjs/common';
import { ConflictProblem, GatewayMetrics, NotFoundProblem } from '@gateway/platform';
import { Database, DomainEventRepository, FulfilmentOrderRow, FulfilmentOrderStatus, Queryable, SalesOrderRepository } from '@gateway/persistence';
import { CancellationRead, SalesOrderCancellationRepository } from '@gateway/persistence-public';
import {
  AuthenticatedCaller,
  FulfilmentOrderCancellation,
  FulfilmentOrderTransitions,
  InventoryChange,
  InventoryLedger,
  OrganizationAccessPolicy,
  decideShippingAddressChange,
  decideTransition,
  inventoryEffect,
} from '@gateway/domain';
import { CancelSalesOrderDto, UpdateSalesOrderDto } from '../dto/sales-order-changes.dto';
import { SalesOrderView, toSalesOrderView } from '../dto/sales-order-view.dto';
import { requestFingerprint, sameJson } from '../policies/request-fingerprint';
import { IdempotencyService, IdempotentOutcome, keyInFlight, replayStored } from './idempotency.service';

const CHECK_VIOLATION = '23514';

const NOT_FOUND = 'The sales order does not exist in this store.';

@Injectable()
export class SalesOrderChangesService {
  constructor(
    private readonly db: Database,
    private readonly access: OrganizationAccessPolicy,
    private readonly orders: SalesOrderRepository,
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly cancellation: FulfilmentOrderCancellation,
    private readonly events: DomainEventRepository,
    private readonly idempotency: IdempotencyService,
    private readonly cancellations: SalesOrderCancellationRepository,
    private readonly ledger: InventoryLedger,
    @Optional() private readonly metrics?: GatewayMetrics,
  ) {}

  /** Replaces the address; a sales_order.updated event when it changed. 409 once the warehouse has started on the order. */
  async updateShippingAddress(
    caller: AuthenticatedCaller,
    organizationId: string,
    storeId: string,
    salesOrderId: string,
    body: UpdateSalesOrderDto,
  ): Promise<SalesOrderView> {
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId);
    return this.db.transaction(async (tx) => {
      const { order, fulfilmentOrder } = await this.lock(tx, organizationId, storeId, salesOrderId);
      const decision = decideShippingAddressChange(fulfilmentOrder.status);
      if (decision.kind === 'refused') throw new ConflictProblem(decision.reason, 'fulfilment-order-state');
      if (sameJson(order.shippingAddress, body.shippingAddress)) return order;
      await this.orders.replaceShippingAddress(tx, salesOrderId, body.shippingAddress);
      await this.events.append(tx, [
        {
          organizationId,
          type: 'SalesOrderUpdated',
          aggregateType: 'SalesOrder',
          aggregateId: salesOrderId,
          initiator: caller.identity.clientId,
          payload: { changed: ['shippingAddress'] },
        },
      ]);
      return this.read(tx, organizationId, storeId, salesOrderId);
    });
  }

  /**
   * Cancels the order while its fulfilment order is OPEN, ALLOCATED or BACK_ORDERED; answers it again, unchanged,
   * when it already is CANCELLED; 409 sales-order-not-cancellable from any other state. Idempotent by key.
   * A cancel that moves the order is one read and one statement (SalesOrderCancellationRepository); a repeat of
   * one already done runs in a transaction as before (it changes nothing, or only a sales order left behind).
   * Access is decided on what the read found, before anything of the order or the key is answered.
   */
  async cancel(
    caller: AuthenticatedCaller,
    organizationId: string,
    storeId: string,
    salesOrderId: string,
    body: CancelSalesOrderDto | undefined,
    idempotencyKey?: string,
  ): Promise<IdempotentOutcome<SalesOrderView>> {
    const clientId = caller.identity.clientId;
    const reason = body?.reason ?? null;
    const fingerprint = idempotencyKey === undefined ? undefined : requestFingerprint('cancelSalesOrder', [organizationId, storeId, salesOrderId], body ?? {});
    const read = await this.cancellations.read(this.db, { organizationId, storeId, salesOrderId, clientId, key: idempotencyKey });
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId, read.access);
    if (read.earlier) return replayStored<SalesOrderView>(read.earlier, fingerprint, 'cancelSalesOrder', this.metrics);
    if (!read.order || !read.fulfilment) throw new NotFoundProblem(NOT_FOUND);
    const decision = decideTransition(read.fulfilment.status as FulfilmentOrderStatus, 'cancel');
    if (decision.kind === 'refused') throw notCancellable(read.fulfilment.status);
    if (decision.kind === 'already') return this.cancelInTransaction(caller, organizationId, storeId, salesOrderId, body, idempotencyKey);
    const fulfilment = read.fulfilment;
    const effects = fulfilment.lines.flatMap((line) => {
      const effect = inventoryEffect(decision.from, decision.to, line.quantity);
      return effect ? [{ barcode: line.barcode, type: effect.type, delta: { onHand: 0, allocated: 0, pendingAllocation: 0, ...effect.delta } }] : [];
    });
    const outcome = await this.cancellations
      .write(this.db, {
        clientId,
        idempotency: fingerprint === undefined ? undefined : { key: idempotencyKey as string, requestFingerprint: fingerprint, responseStatus: 200 },
        organizationId,
        salesOrderId,
        fulfilmentOrderId: fulfilment.id,
        warehouseId: fulfilment.warehouseId,
        from: decision.from,
        to: decision.to,
        reason,
        events: [
          // The transition's event, the ledger's per level moved (FulfilmentOrderTransitions.move), the sales order's.
          {
            type: decision.event,
            aggregateType: 'FulfilmentOrder',
            aggregateId: fulfilment.id,
            warehouseId: fulfilment.warehouseId,
            barcode: null,
            payload: { from: decision.from, to: decision.to, lines: fulfilment.lines },
          },
          ...effects.map((e) => ({
            type: e.type,
            aggregateType: 'FulfilmentOrder',
            aggregateId: fulfilment.id,
            warehouseId: fulfilment.warehouseId,
            barcode: e.barcode,
            payload: { from: decision.from, to: decision.to, delta: e.delta },
          })),
          {
            type: 'SalesOrderCancelled',
            aggregateType: 'SalesOrder',
            aggregateId: salesOrderId,
            warehouseId: null,
            barcode: null,
            payload: { fulfilmentOrderId: fulfilment.id, ...(reason !== null ? { reason } : {}) },
            onlyIfSalesOrderChanged: true,
          },
        ],
        levels: effects.map((e) => ({ barcode: e.barcode, ...e.delta })),
        answerTemplate: cancelledAnswer(read, reason),
      })
      .catch(async (error: unknown) => {
        if ((error as { code?: string }).code !== CHECK_VIOLATION) throw error;
        const changes: InventoryChange[] = effects.map((e) => ({
          organizationId,
          warehouseId: fulfilment.warehouseId,
          barcode: e.barcode,
          delta: e.delta,
          type: e.type,
          aggregateType: 'FulfilmentOrder',
          aggregateId: fulfilment.id,
        }));
        throw await this.ledger.refusalOf(this.db, changes);
      });
    switch (outcome.kind) {
      case 'cancelled':
        return { record: JSON.parse(outcome.responseText) as SalesOrderView, replayed: false };
      case 'answered':
        if (outcome.earlier) return replayStored<SalesOrderView>(outcome.earlier, fingerprint, 'cancelSalesOrder', this.metrics);
        throw keyInFlight();
      case 'inFlight':
        throw keyInFlight();
    }
    // The fulfilment order moved (or the key was answered) since the read: decided again on what it is now.
    return this.cancel(caller, organizationId, storeId, salesOrderId, body, idempotencyKey);
  }

  /** The cancel in one transaction with the order locked: for an order whose fulfilment order is already CANCELLED. */
  private async cancelInTransaction(
    caller: AuthenticatedCaller,
    organizationId: string,
    storeId: string,
    salesOrderId: string,
    body: CancelSalesOrderDto | undefined,
    idempotencyKey?: string,
  ): Promise<IdempotentOutcome<SalesOrderView>> {
    const clientId = caller.identity.clientId;
    const reason = body?.reason ?? null;
    const request = {
      scope: clientId,
      key: idempotencyKey,
      operation: 'cancelSalesOrder',
      path: [organizationId, storeId, salesOrderId],
      body: body ?? {},
      status: 200,
    };
    return this.db.transaction((tx) =>
      this.idempotency.run(tx, request, async () => {
        const { fulfilmentOrder } = await this.lock(tx, organizationId, storeId, salesOrderId);
        const outcome = await this.cancellation.cancel(tx, fulfilmentOrder, clientId, reason);
        if (outcome.kind === 'refused') throw notCancellable(fulfilmentOrder.status);
        return this.read(tx, organizationId, storeId, salesOrderId);
      }),
    );
  }

  /** The order of the store and its fulfilment order, locked until the transaction ends; 404 when the store has no such order. */
  private async lock(
    tx: Queryable,
    organizationId: string,
    storeId: string,
    salesOrderId: string,
  ): Promise<{ order: SalesOrderView; fulfilmentOrder: FulfilmentOrderRow }> {
    const fulfilmentOrderId = await this.orders.fulfilmentOrderIdOf(tx, organizationId, storeId, salesOrderId);
    if (fulfilmentOrderId === undefined) throw new NotFoundProblem(NOT_FOUND);
    const fulfilmentOrder = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    return { order: await this.read(tx, organizationId, storeId, salesOrderId), fulfilmentOrder };
  }

  private async read(tx: Queryable, organizationId: string, storeId: string, salesOrderId: string): Promise<SalesOrderView> {
    const row = await this.orders.find(tx, organizationId, storeId, salesOrderId);
    if (!row) throw new NotFoundProblem(NOT_FOUND);
    return toSalesOrderView(row);
  }
}

function notCancellable(status: string): ConflictProblem {
  return new ConflictProblem(`The sales order can no longer be cancelled: its fulfilment order is ${status}.`, 'sales-order-not-cancellable');
}

/** The order as a cancel that moves it answers, with "updatedAt":"" for the statement to fill in. */
function cancelledAnswer(read: CancellationRead, reason: string | null): string {
  const view: Record<string, unknown> = {
    ...toSalesOrderView({ ...(read.order as NonNullable<CancellationRead['order']>), fulfilmentStatus: 'CANCELLED', cancellationReason: reason }),
  };
  view.updatedAt = '';
  return JSON.stringify(view);
}
