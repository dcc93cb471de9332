// Cancel and withdraw (contract section 5): from OPEN, ALLOCATED or BACK_ORDERED the order releases what it
// held; repeating one that is done answers the same; any other state is a 409. Cancelling also cancels the
// sales order; withdrawing takes the order back from the warehouse and leaves the sales order standing.
// The cancellation itself is the shared domain's (FulfilmentOrderCancellation), as the public gateway's is.
import { Injectable } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import { Database, FulfilmentOrderRow, Queryable } from '@gateway/persistence';
import { FulfilmentAction, FulfilmentOrderCancellation, FulfilmentOrderTransitions, decideTransition } from '@gateway/domain';
import { FulfilmentOrderCancellationDto, ReleasedLineDto } from '../dto/fulfilment-order-closure.dto';

@Injectable()
export class FulfilmentOrderClosureService {
  constructor(
    private readonly db: Database,
    private readonly transitions: FulfilmentOrderTransitions,
    private readonly cancellation: FulfilmentOrderCancellation,
  ) {}

  async cancel(organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<FulfilmentOrderCancellationDto> {
    return this.db.transaction(async (tx) => {
      const locked = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
      const outcome = await this.cancellation.cancel(tx, locked, initiator);
      if (outcome.kind === 'refused') throw new ConflictProblem(outcome.reason, 'fulfilment-order-state');
      const order = outcome.order;
      return {
        fulfilmentOrderId,
        organizationId,
        status: 'CANCELLED',
        ...(order.salesOrderId ? { salesOrderId: order.salesOrderId, salesOrderStatus: 'CANCELLED' as const } : {}),
        releasedLines: releasedLines(order),
      };
    });
  }

  async withdraw(organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<ReleasedLineDto[]> {
    return this.db.transaction(async (tx) => releasedLines(await this.close(tx, organizationId, fulfilmentOrderId, 'withdraw', initiator)));
  }

  private async close(
    tx: Queryable,
    organizationId: string,
    fulfilmentOrderId: string,
    action: FulfilmentAction,
    initiator: string,
  ): Promise<FulfilmentOrderRow> {
    const order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
    const decision = decideTransition(order.status, action);
    switch (decision.kind) {
      case 'already':
        return order;
      case 'refused':
        throw new ConflictProblem(decision.reason, 'fulfilment-order-state');
      case 'apply':
        return this.transitions.move(tx, order, decision.to, decision.event, initiator);
    }
  }
}

function releasedLines(order: FulfilmentOrderRow): ReleasedLineDto[] {
  return order.lines.map((l) => ({ barcode: l.barcode, warehouseId: order.warehouseId, quantity: l.quantity }));
}
