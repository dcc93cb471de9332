// The background half of clarify-inventory-levels: rebuilds the named barcodes' levels (every warehouse)
// from the event log and records the outcome on the clarification, in one transaction. A clarification
// already completed is not run again (a retry after a crash between the commit and the job's completion).
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import { Database, DomainEventRepository, JobQueue } from '@gateway/persistence';
import { InventoryClarificationRepository } from '@gateway/persistence-internal';
import { InventoryLevelRebuilder } from '@gateway/internal-api';
import { CLARIFY_INVENTORY_LEVELS_QUEUE, ClarificationJobData } from './inventory-clarification.service';

@Injectable()
export class InventoryClarificationJob implements OnModuleInit {
  constructor(
    private readonly db: Database,
    private readonly clarifications: InventoryClarificationRepository,
    private readonly rebuilder: InventoryLevelRebuilder,
    private readonly events: DomainEventRepository,
    private readonly queue: JobQueue,
  ) {}

  onModuleInit(): void {
    this.queue.define<ClarificationJobData>({ queue: CLARIFY_INVENTORY_LEVELS_QUEUE, handle: (data) => this.run(data.clarificationId) });
  }

  async run(clarificationId: string): Promise<void> {
    try {
      await this.rebuild(clarificationId);
    } catch (error) {
      // A log that projects to an impossible level is not retried: the refusal is the clarification's outcome.
      if (!(error instanceof ConflictProblem)) throw error;
      await this.db.transaction(async (tx) => {
        const clarification = await this.clarifications.findForUpdate(tx, clarificationId);
        if (!clarification || clarification.completedAt) return;
        const result = { refused: error.problem.detail };
        await this.clarifications.complete(tx, clarificationId, result);
        await this.events.append(tx, [
          {
            organizationId: clarification.organizationId,
            type: 'InventoryClarificationRefused',
            aggregateType: 'InventoryClarification',
            aggregateId: clarificationId,
            initiator: clarification.initiator,
            payload: result,
          },
        ]);
      });
    }
  }

  private async rebuild(clarificationId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const clarification = await this.clarifications.findForUpdate(tx, clarificationId);
      if (!clarification || clarification.completedAt) return;
      const { organizationId, initiator, barcodes } = clarification;
      const rebuilt = await this.rebuilder.rebuild(tx, organizationId, barcodes, initiator, { clarificationId });
      const repaired = rebuilt.filter((r) => r.repaired).map((r) => ({ warehouseId: r.level.warehouseId, barcode: r.level.barcode, previous: r.previous }));
      const result = { levels: rebuilt.length, repaired };
      await this.clarifications.complete(tx, clarificationId, result);
      await this.events.append(tx, [
        {
          organizationId,
          type: 'InventoryClarificationCompleted',
          aggregateType: 'InventoryClarification',
          aggregateId: clarificationId,
          initiator,
          payload: result,
        },
      ]);
    });
  }
}
