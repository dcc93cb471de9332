// The resilience and security suite (npm run test:resilience): gateways as real processes on real Postgres.
const { join } = require('path');

module.exports = {
  displayName: 'resilience',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.resilience-spec.ts'],
  globalSetup: '<rootDir>/../../libs/testing/src/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/../../libs/testing/src/jest-global-teardown.cjs',
  reporters: ['default', join(__dirname, '../../tools/jest/summary-reporter.js'), join(__dirname, '../../tools/jest/resilience-reporter.js')],
  testTimeout: 240000,
};
