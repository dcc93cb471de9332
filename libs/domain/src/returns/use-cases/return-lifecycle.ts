// The steps of a return after it is announced (contract 6.8), each on the return's row locked in the
// caller's transaction: the warehouse marks it arrived and processes it (MARK_RETURN_ARRIVED, PROCESS_RETURN
// on the internal gateway, and the sandbox's simulations next), the shop cancels it. Processing restocks
// through the inventory ledger at the return's warehouse, so levels stay a projection of the event log and
// REBUILD_INVENTORY_LEVELS and clarify replay the restock like any other delta.
import { Injectable } from '@nestjs/common';
import { ConflictProblem, NotFoundProblem, ProblemTypeSlug } from '@gateway/platform';
import { DomainEventRepository, Queryable, ReturnRepository, ReturnRow } from '@gateway/persistence';
import { InventoryLedger } from '../../inventory';
import { ReturnAction, decideReturnStep } from '../policies/return-state-machine';
import { ProcessedReturnLine, decideProcessing } from '../policies/return-processing';

/** The domain event of each step: the events feed and webhooks map them to return.* events. */
export const RETURN_EVENTS = {
  created: 'ReturnCreated',
  arrived: 'ReturnArrived',
  completed: 'ReturnCompleted',
  cancelled: 'ReturnCancelled',
} as const;

/** The ledger event of goods put back on the shelf. */
export const RESTOCK_EVENT = 'StockRestocked';

@Injectable()
export class ReturnLifecycle {
  constructor(
    private readonly returns: ReturnRepository,
    private readonly events: DomainEventRepository,
    private readonly ledger: InventoryLedger,
  ) {}

  /** The return of the organization, locked until the transaction ends; 404 when it has no such return. */
  async lock(tx: Queryable, organizationId: string, returnId: string): Promise<ReturnRow> {
    const found = await this.returns.find(tx, organizationId, returnId, { lock: true });
    if (!found) throw new NotFoundProblem('The return does not exist in this organization.');
    return found;
  }

  /** AWAITING_ARRIVAL to ARRIVED; otherwise 409 return-state (a dispatch command's FAILED). */
  async markArrived(tx: Queryable, organizationId: string, returnId: string, initiator: string): Promise<ReturnRow> {
    const found = await this.lock(tx, organizationId, returnId);
    this.assertAllowed(found, 'markArrived');
    await this.arrive(tx, found, initiator);
    return (await this.returns.find(tx, organizationId, returnId)) as ReturnRow;
  }

  /**
   * Completes the return with what arrived and what goes back on the shelf of each line, recording the
   * arrival first when it was still awaited; onHand rises by what is restocked. 409 when the state or the
   * lines do not allow it, nothing changed.
   */
  async process(tx: Queryable, organizationId: string, returnId: string, lines: ProcessedReturnLine[], initiator: string): Promise<ReturnRow> {
    const found = await this.lock(tx, organizationId, returnId);
    const decision = this.assertAllowed(found, 'process');
    const check = decideProcessing(found.lines, lines);
    if (check.kind === 'refused') throw new ConflictProblem(check.reason, 'return-state');
    if (decision.kind === 'apply' && decision.arrivesFirst) await this.arrive(tx, found, initiator);
    const done = found.lines.map((line) => {
      const processed = lines.find((l) => l.barcode === line.barcode) as ProcessedReturnLine;
      return { barcode: line.barcode, receivedQuantity: processed.receivedQuantity, restockedQuantity: processed.restockQuantity };
    });
    await this.returns.complete(tx, found.id, done);
    await this.record(tx, found, RETURN_EVENTS.completed, initiator, { lines: done });
    await this.ledger.apply(
      tx,
      done
        .filter((line) => line.restockedQuantity > 0)
        .map((line) => ({
          organizationId: found.organizationId,
          warehouseId: found.warehouseId,
          barcode: line.barcode,
          delta: { onHand: line.restockedQuantity },
          type: RESTOCK_EVENT,
          aggregateType: 'Return',
          aggregateId: found.id,
          initiator,
          details: { returnId: found.id, salesOrderId: found.salesOrderId },
        })),
    );
    return (await this.returns.find(tx, organizationId, returnId)) as ReturnRow;
  }

  /** Cancels a return awaiting arrival; a cancelled one is answered again unchanged; later, 409 return-not-cancellable. */
  async cancel(tx: Queryable, organizationId: string, returnId: string, initiator: string): Promise<ReturnRow> {
    const found = await this.lock(tx, organizationId, returnId);
    const decision = this.assertAllowed(found, 'cancel', 'return-not-cancellable');
    if (decision.kind === 'already') return found;
    await this.returns.cancel(tx, found.id);
    await this.record(tx, found, RETURN_EVENTS.cancelled, initiator, {});
    return (await this.returns.find(tx, organizationId, returnId)) as ReturnRow;
  }

  /** The domain event of a step, on the return's aggregate at its warehouse. */
  async record(
    tx: Queryable,
    found: Pick<ReturnRow, 'id' | 'organizationId' | 'warehouseId' | 'salesOrderId'>,
    type: string,
    initiator: string,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await this.events.append(tx, [
      {
        organizationId: found.organizationId,
        type,
        aggregateType: 'Return',
        aggregateId: found.id,
        warehouseId: found.warehouseId,
        initiator,
        payload: { ...payload, salesOrderId: found.salesOrderId },
      },
    ]);
  }

  private async arrive(tx: Queryable, found: ReturnRow, initiator: string): Promise<void> {
    await this.returns.markArrived(tx, found.id);
    await this.record(tx, found, RETURN_EVENTS.arrived, initiator, {});
  }

  private assertAllowed(found: ReturnRow, action: ReturnAction, type: ProblemTypeSlug = 'return-state') {
    const decision = decideReturnStep(found.status, action);
    if (decision.kind === 'refused') throw new ConflictProblem(decision.reason, type);
    return decision;
  }
}
