module.exports = {
  displayName: 'fixture-import',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/../../libs/testing/src/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/../../libs/testing/src/jest-global-teardown.cjs',
};
