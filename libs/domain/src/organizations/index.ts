// Organizations and access
export * from './organizations.module';
export * from './dto/organization.dto';
export * from './model/organization-record';
export * from './policies/organization-access.policy';
export * from './use-cases/organizations.service';
