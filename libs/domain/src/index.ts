export * from './fixtures/fixture-import.service';
export * from './fixtures/fixture-validator';
export * from './fixtures/fixtures.module';
