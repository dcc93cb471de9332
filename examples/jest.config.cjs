module.exports = {
  displayName: 'examples',
  preset: '../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/../libs/testing/src/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/../libs/testing/src/jest-global-teardown.cjs',
};
