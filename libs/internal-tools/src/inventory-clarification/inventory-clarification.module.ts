// clarify-inventory-levels: the request recorded with its job, and the job that rebuilds the levels.
// Needs a JobQueue (JobQueueModule) in the application.
import { Module } from '@nestjs/common';
import { InventoryLevelsModule } from '@gateway/internal-api';
import { InventoryClarificationJob } from './use-cases/inventory-clarification.job';
import { InventoryClarificationService } from './use-cases/inventory-clarification.service';
import { AccessRepository, DomainEventRepository, RetailUnitRepository } from '@gateway/persistence';
import { InventoryClarificationRepository } from '@gateway/persistence-internal';

@Module({
  imports: [InventoryLevelsModule],
  providers: [
    InventoryClarificationService,
    InventoryClarificationJob,
    AccessRepository,
    DomainEventRepository,
    RetailUnitRepository,
    InventoryClarificationRepository,
  ],
  exports: [InventoryClarificationService, InventoryClarificationJob],
})
export class InventoryClarificationModule {}
