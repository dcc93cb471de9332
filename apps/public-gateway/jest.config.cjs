module.exports = {
  displayName: 'public-gateway',
  preset: '../../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/../../libs/testing/src/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/../../libs/testing/src/jest-global-teardown.cjs',
  // Each e2e file's answers must have been checked against the OpenAPI document, at least a minimum of them.
  setupFilesAfterEnv: ['<rootDir>/../../libs/testing/src/response-recorder-minimum.ts'],
};
