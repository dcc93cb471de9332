// Re-clarifying inventory levels (contract section 5): the request is checked and recorded, with its job,
// in one transaction and acknowledged at once; the job (InventoryClarificationJob) rebuilds the levels.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadRequestProblem, NotFoundProblem } from '@gateway/platform';
import { AccessRepository, Database, DomainEventRepository, JobQueue, RetailUnitRepository } from '@gateway/persistence';
import { InventoryClarificationRepository } from '@gateway/persistence-internal';
import { ClarificationAcknowledgedDto, ClarifyInventoryLevelsDto } from '../dto/clarify-inventory-levels.dto';

export const CLARIFY_INVENTORY_LEVELS_QUEUE = 'clarify-inventory-levels';

export interface ClarificationJobData {
  clarificationId: string;
}

@Injectable()
export class InventoryClarificationService {
  constructor(
    private readonly db: Database,
    private readonly clarifications: InventoryClarificationRepository,
    private readonly retailUnits: RetailUnitRepository,
    private readonly events: DomainEventRepository,
    private readonly access: AccessRepository,
    private readonly queue: JobQueue,
  ) {}

  /** Returns the clarification id (not part of the answer; tests and logs use it). */
  async request(body: ClarifyInventoryLevelsDto, clientId: string): Promise<{ clarificationId: string; answer: ClarificationAcknowledgedDto }> {
    const { organizationId, initiator } = body;
    const barcodes = [...new Set(body.barcodes)];
    const clarificationId = randomUUID();
    await this.db.transaction(async (tx) => {
      if (!(await this.access.organizationExists(tx, organizationId))) throw new NotFoundProblem('The organization does not exist.');
      const known = await this.retailUnits.existingBarcodes(tx, organizationId, barcodes);
      const unknown = body.barcodes.flatMap((barcode, index) =>
        known.has(barcode) ? [] : [{ pointer: `/barcodes/${index}`, message: 'is not a retail unit of this organization' }],
      );
      if (unknown.length > 0) throw new BadRequestProblem('Some barcodes are not retail units of the organization.', unknown);
      await this.clarifications.insert(tx, { id: clarificationId, organizationId, initiator, barcodes });
      await this.events.append(tx, [
        {
          organizationId,
          type: 'InventoryClarificationRequested',
          aggregateType: 'InventoryClarification',
          aggregateId: clarificationId,
          initiator,
          payload: { barcodes, clientId },
        },
      ]);
      await this.queue.send<ClarificationJobData>(tx, CLARIFY_INVENTORY_LEVELS_QUEUE, { clarificationId });
    });
    this.queue.wake(CLARIFY_INVENTORY_LEVELS_QUEUE);
    return { clarificationId, answer: { outcome: 'ACKNOWLEDGED' } };
  }
}
