// Auth: caller identity, bearer verification, API clients, signing keys, and request quotas (every request with a
// bearer token counts against its client's quota: RateLimit fields, 429)
export * from './auth.options';
export * from './bearer-auth.module';
export * from './bearer.options';
export * from './dto/whoami.dto';
export * from './model/access-token';
export * from './model/caller-identity';
export * from './model/request-quota-options';
export * from './policies/authenticated.decorator';
export * from './policies/client-credentials';
export * from './policies/client-credentials-scheme';
export * from './policies/key-encryption';
export * from './policies/quota-allowance';
export * from './policies/rate-limit-fields';
export * from './use-cases/api-clients.service';
export * from './use-cases/issuer-key-set';
export * from './use-cases/key-reencryption.service';
export * from './use-cases/key-set-source';
export * from './use-cases/request-quota';
export * from './use-cases/revocation-check';
export * from './use-cases/signing-keys.service';
export * from './use-cases/verified-token-cache';
