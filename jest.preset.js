// Shared Jest settings: SWC with decorator metadata (Nest DI needs it), and the ESM-only
// packages (NestJS 12, jose, pg-boss 12) let through the transform so CommonJS Jest can load them.
const { join } = require('path');
const { pathsToModuleNameMapper } = require('./tools/jest/paths');

const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, decorators: true } : { syntax },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': swc('typescript'),
    '^.+\\.(js|mjs)$': swc('ecmascript'),
  },
  transformIgnorePatterns: ['node_modules/(?!(@nestjs|jose|uid|openid-client|oauth4webapi|pg-boss|rrule-temporal|temporal-spec|serialize-error|non-error)/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(),
  setupFiles: ['reflect-metadata'],
  reporters: ['default', join(__dirname, 'tools/jest/summary-reporter.js')],
  testTimeout: 30000,
};
