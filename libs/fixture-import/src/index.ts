// The fixture import: the admin CLI's `import`, the launcher's seed and the tests' data. Tooling: lint keeps it
// out of the gateways and of the domain and data-access libraries, and the bundle check out of both bundles.
export * from './fixtures.module';
export * from './policies/fixture-validator';
export * from './use-cases/fixture-import.service';
export * from './use-cases/fixture-reader';
export { default as fixtureSchema } from './policies/fixture.schema.json';
export * from './fixture.types';
export * from './repositories/fixture.repository';
export * from './repositories/bulk-upsert';
