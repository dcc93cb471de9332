import { Module } from '@nestjs/common';
import { AccessRepository, InventorySyncRepository, OrganizationRepository, ReleaseChannelRepository } from '@gateway/persistence';
import { OrganizationAccessPolicy } from './policies/organization-access.policy';
import { OrganizationsService } from './use-cases/organizations.service';

@Module({
  providers: [OrganizationAccessPolicy, AccessRepository, OrganizationsService, OrganizationRepository, ReleaseChannelRepository, InventorySyncRepository],
  exports: [OrganizationAccessPolicy, OrganizationsService],
})
export class OrganizationsModule {}
