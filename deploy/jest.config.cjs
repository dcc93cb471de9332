// The deployment manifests' tests (deploy/kubernetes), offline.
module.exports = {
  displayName: 'deploy',
  preset: '../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
};
