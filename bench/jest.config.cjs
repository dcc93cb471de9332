module.exports = {
  displayName: 'bench',
  preset: '../jest.preset.js',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
