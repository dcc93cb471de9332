import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@gateway/domain';
import { InventoryReadService } from './use-cases/inventory-read.service';

@Module({
  imports: [OrganizationsModule],
  providers: [InventoryReadService],
  exports: [InventoryReadService],
})
export class InventoryReadModule {}
