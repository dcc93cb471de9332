import { Module } from '@nestjs/common';
import { OrganizationAccessPolicy } from './policies/organization-access.policy';
import { OrganizationsService } from './use-cases/organizations.service';

@Module({
  providers: [OrganizationAccessPolicy, OrganizationsService],
  exports: [OrganizationAccessPolicy, OrganizationsService],
})
export class OrganizationsModule {}
