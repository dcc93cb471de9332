// The integrator's changes to an order it sent (contract 6.7), each in one transaction that first locks the
// order's fulfilment order, as every transition of the warehouse does, so a change and a transition never
// interleave: replacing the shipping address while the order could still be cancelled, and cancelling it
// (the shared domain's cancellation releases what it held). Whoever may create orders on the store may.
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem } from '@gateway/platform';
import { Database, DomainEventRepository, FulfilmentOrderRow, Queryable, SalesOrderRepository } from '@gateway/persistence';
import {
  AuthenticatedCaller,
  FulfilmentOrderCancellation,
  FulfilmentOrderTransitions,
  OrganizationAccessPolicy,
  decideShippingAddressChange,
} from '@gateway/domain';
import { CancelSalesOrderDto, UpdateSalesOrderDto } from '../dto/sales-order-changes.dto';
import { SalesOrderView, toSalesOrderView } from '../dto/sales-order-view.dto';
import { sameJson } from '../policies/request-fingerprint';
import { IdempotencyService, IdempotentOutcome } from './idempotency.service';

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
   */
  async cancel(
    caller: AuthenticatedCaller,
    organizationId: string,
    storeId: string,
    salesOrderId: string,
    body: CancelSalesOrderDto | undefined,
    idempotencyKey?: string,
  ): Promise<IdempotentOutcome<SalesOrderView>> {
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, storeId);
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
        if (outcome.kind === 'refused') {
          throw new ConflictProblem(
            `The sales order can no longer be cancelled: its fulfilment order is ${fulfilmentOrder.status}.`,
            'sales-order-not-cancellable',
          );
        }
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
