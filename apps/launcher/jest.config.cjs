module.exports = {
  displayName: 'launcher',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/../../libs/testing/src/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/testing/src/global-teardown.ts',
};
