// Organizations and access
export * from './organizations.module';
export * from './dto/organization.dto';
export * from './dto/organization-record.dto';
export * from './dto/environment.dto';
export * from './policies/organization-access.policy';
export * from './use-cases/organizations.service';
export * from './use-cases/sandbox-organizations.service';
