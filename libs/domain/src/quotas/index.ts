// Request quotas: every request with a bearer token counts against its client's quota (RateLimit fields, 429)
export * from './model/request-quota-options';
export * from './policies/quota-allowance';
export * from './policies/rate-limit-fields';
export * from './use-cases/request-quota';
