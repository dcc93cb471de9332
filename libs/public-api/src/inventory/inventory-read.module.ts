import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@gateway/domain';
import { InventoryReadService } from './use-cases/inventory-read.service';
import { InventoryReadRepository } from '@gateway/persistence';

@Module({
  imports: [OrganizationsModule],
  providers: [InventoryReadService, InventoryReadRepository],
  exports: [InventoryReadService],
})
export class InventoryReadModule {}
