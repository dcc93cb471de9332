// Fixture import
export * from './fixtures.module';
export * from './policies/fixture-validator';
export * from './use-cases/fixture-import.service';
export * from './use-cases/fixture-reader';
export { default as fixtureSchema } from './policies/fixture.schema.json';
