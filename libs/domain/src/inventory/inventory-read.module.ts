import { Module } from '@nestjs/common';
import { InventoryReadRepository } from '@gateway/persistence';
import { OrganizationsModule } from '../organizations/organizations.module';
import { InventoryReadService } from './use-cases/inventory-read.service';

@Module({
  imports: [OrganizationsModule],
  providers: [InventoryReadService, InventoryReadRepository],
  exports: [InventoryReadService],
})
export class InventoryReadModule {}
