// The OAuth authorization server the public gateway serves: token endpoint, discovery documents and key set.
export * from './authorization-server.module';
export * from './dto/token.dto';
export * from './http/token-answer';
export * from './http/token-endpoint-http';
export * from './http/token-endpoint-cors';
export * from './http/token-request.parser';
export * from './model/discovery';
export * from './model/oauth-error';
export * from './use-cases/token-endpoint.service';

// OpenAPI documentation of the operations
export * from './dto/token.openapi';
