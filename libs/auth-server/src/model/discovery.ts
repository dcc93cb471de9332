// The metadata documents that let a client find the issuer, its token endpoint and its keys (spec 5).
import { AuthorizationServerOptions, TOKEN_ENDPOINT_PATH } from '@gateway/domain';

export const JWKS_PATH = '/.well-known/jwks.json';
/** The token endpoint (declared with the documents' client-credentials scheme); its errors keep the OAuth shape (TOKEN_ENDPOINT_HTTP). */
export { TOKEN_ENDPOINT_PATH };
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/** RFC 9728: the public gateway as a protected resource, naming its authorization server. */
export function protectedResourceMetadata(options: Pick<AuthorizationServerOptions, 'issuer'>) {
  return {
    resource: options.issuer,
    authorization_servers: [options.issuer],
    bearer_methods_supported: ['header'],
    resource_signing_alg_values_supported: ['RS256'],
    resource_documentation: `${options.issuer}/docs`,
  };
}

/** RFC 8414 (and OpenID Connect Discovery): where the token endpoint and the key set are. */
export function authorizationServerMetadata(options: Pick<AuthorizationServerOptions, 'issuer'>) {
  return {
    issuer: options.issuer,
    token_endpoint: `${options.issuer}${TOKEN_ENDPOINT_PATH}`,
    jwks_uri: `${options.issuer}${JWKS_PATH}`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    response_types_supported: ['token'],
    scopes_supported: [],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    service_documentation: `${options.issuer}/docs`,
  };
}
