import { Module } from '@nestjs/common';
import { DomainEventRepository, InventorySyncRepository, OrganizationRepository } from '@gateway/persistence';
import { InventorySyncService } from './use-cases/inventory-sync.service';

@Module({
  providers: [InventorySyncService, InventorySyncRepository, OrganizationRepository, DomainEventRepository],
  exports: [InventorySyncService],
})
export class InventorySyncModule {}
