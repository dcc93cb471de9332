export * from './tracing';
export * from './redact-query';
export * from './url-attributes';
