import { Module } from '@nestjs/common';
import { OrganizationAccessPolicy } from './organization-access.policy';
import { OrganizationsService } from './organizations.service';

@Module({
  providers: [OrganizationAccessPolicy, OrganizationsService],
  exports: [OrganizationAccessPolicy, OrganizationsService],
})
export class OrganizationsModule {}
