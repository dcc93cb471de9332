import { Module } from '@nestjs/common';
import { CursorSealer, OrganizationsModule } from '@gateway/domain';
import { RetailUnitCatalogueService } from './use-cases/retail-unit-catalogue.service';
import { RetailUnitRepository, ServerSecretRepository } from '@gateway/persistence';

@Module({
  imports: [OrganizationsModule],
  providers: [RetailUnitCatalogueService, CursorSealer, RetailUnitRepository, ServerSecretRepository],
  exports: [RetailUnitCatalogueService],
})
export class CatalogueModule {}
