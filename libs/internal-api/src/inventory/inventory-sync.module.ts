import { Module } from '@nestjs/common';
import { InventorySyncService } from './use-cases/inventory-sync.service';
import { DomainEventRepository, InventorySyncRepository, OrganizationRepository } from '@gateway/persistence';

@Module({
  providers: [InventorySyncService, DomainEventRepository, InventorySyncRepository, OrganizationRepository],
  exports: [InventorySyncService],
})
export class InventorySyncModule {}
