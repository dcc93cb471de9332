import { Module } from '@nestjs/common';
import { CursorSealer, OrganizationsModule } from '@gateway/domain';
import { RetailUnitCatalogueService } from './use-cases/retail-unit-catalogue.service';

@Module({
  imports: [OrganizationsModule],
  providers: [RetailUnitCatalogueService, CursorSealer],
  exports: [RetailUnitCatalogueService],
})
export class CatalogueModule {}
