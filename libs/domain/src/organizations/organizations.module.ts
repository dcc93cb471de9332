import { Module } from '@nestjs/common';
import { AccessRepository, OrganizationRepository } from '@gateway/persistence';
import { OrganizationAccessPolicy } from './organization-access.policy';
import { OrganizationsService } from './organizations.service';

@Module({
  providers: [OrganizationAccessPolicy, AccessRepository, OrganizationsService, OrganizationRepository],
  exports: [OrganizationAccessPolicy, OrganizationsService],
})
export class OrganizationsModule {}
