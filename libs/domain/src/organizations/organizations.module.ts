import { Module } from '@nestjs/common';
import { OrganizationAccessPolicy } from './policies/organization-access.policy';
import { OrganizationsService } from './use-cases/organizations.service';
import { AccessRepository, InventorySyncRepository, OrganizationRepository, ReleaseChannelRepository } from '@gateway/persistence';

@Module({
  providers: [OrganizationAccessPolicy, OrganizationsService, AccessRepository, InventorySyncRepository, OrganizationRepository, ReleaseChannelRepository],
  exports: [OrganizationAccessPolicy, OrganizationsService],
})
export class OrganizationsModule {}
