// The documents' OAuth 2.0 client-credentials scheme: with it, Swagger UI's Authorize button mints a
// token at the public gateway's token endpoint (the internal gateway's too, across origins: the token
// endpoint answers CORS for the origins of TOKEN_CORS_ORIGINS), and generated clients know where tokens come from.
import type { DocumentBuilder, OpenAPIObject } from '@nestjs/swagger';
import { BEARER_SCHEME } from './authenticated.decorator';
import { documentRateLimitFields } from './rate-limit-fields';

export const CLIENT_CREDENTIALS_SCHEME = 'clientCredentials';
/** The token endpoint's path on the public gateway (PUBLIC_BASE_URL). */
export const TOKEN_ENDPOINT_PATH = '/oauth2/token';

const DESCRIPTIONS = {
  public:
    'OAuth 2.0 client credentials (spec section 5). Swagger UI sends the credentials as client_secret_basic (an Authorization: Basic header): use a client registered for it, such as the demo client of `npm start`.',
  internal:
    "OAuth 2.0 client credentials at the public gateway's token endpoint, with a client registered for the internal audience (`clients:create --type SERVICE --audience internal --auth-method client_secret_basic`): Swagger UI sends the credentials as client_secret_basic.",
};

export function addClientCredentialsScheme(builder: DocumentBuilder, publicBaseUrl: string, audience: 'public' | 'internal'): DocumentBuilder {
  return builder.addOAuth2(
    { type: 'oauth2', description: DESCRIPTIONS[audience], flows: { clientCredentials: { tokenUrl: `${publicBaseUrl}${TOKEN_ENDPOINT_PATH}`, scopes: {} } } },
    CLIENT_CREDENTIALS_SCHEME,
  );
}

/** Every operation that takes a bearer token also names the scheme that mints one (either satisfies it). */
export function offerClientCredentials(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as { security?: Record<string, string[]>[] }[]) {
      // A new array: operations of one controller share the one their class decorator made.
      if (operation.security?.some((requirement) => BEARER_SCHEME in requirement))
        operation.security = [{ [CLIENT_CREDENTIALS_SCHEME]: [] }, ...operation.security];
    }
  }
  return document;
}

/** A gateway document's security schemes: the client-credentials flow that mints its tokens, and the bearer scheme that sends them. */
export function addGatewaySecuritySchemes(builder: DocumentBuilder, publicBaseUrl: string, audience: 'public' | 'internal'): DocumentBuilder {
  return addClientCredentialsScheme(builder, publicBaseUrl, audience).addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME);
}

/** What a gateway document adds to every bearer operation: the RateLimit fields of its answers, and the flow that mints its token. */
export function documentBearerOperations(document: OpenAPIObject): OpenAPIObject {
  return offerClientCredentials(documentRateLimitFields(document, BEARER_SCHEME));
}
