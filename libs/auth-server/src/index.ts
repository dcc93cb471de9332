// The OAuth authorization server the public gateway mounts: token endpoint, discovery documents and key set.
export * from './authorization-server.module';
export * from './http/token-endpoint-http';
export * from './http/token-endpoint-cors';
export * from './model/discovery';
export * from './model/oauth-error';
export * from './use-cases/token-endpoint.service';
