export * from './test-database';
export * from './test-env';
export * from './test-env-vars';
export * from './seed';
export * from './test-issuer';
export * from './openapi-validator';
export * from './openapi-lint';
export * from './response-recorder';
