import { Module } from '@nestjs/common';
import { AccessRepository } from '@gateway/persistence';
import { OrganizationAccessPolicy } from './organization-access.policy';

@Module({
  providers: [OrganizationAccessPolicy, AccessRepository],
  exports: [OrganizationAccessPolicy],
})
export class OrganizationsModule {}
