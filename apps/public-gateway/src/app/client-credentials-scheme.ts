// The public document's OAuth 2.0 client-credentials scheme: with it, Swagger UI's Authorize button mints
// a token at our token endpoint, and generated clients know where tokens come from.
import type { DocumentBuilder, OpenAPIObject } from '@nestjs/swagger';
import { BEARER_SCHEME } from '@gateway/domain';
import { TOKEN_ENDPOINT_PATH } from '@gateway/auth-server';

export const CLIENT_CREDENTIALS_SCHEME = 'clientCredentials';

export function addClientCredentialsScheme(builder: DocumentBuilder, publicBaseUrl: string): DocumentBuilder {
  return builder.addOAuth2(
    {
      type: 'oauth2',
      description:
        'OAuth 2.0 client credentials (spec section 5). Swagger UI sends the credentials as client_secret_basic (an Authorization: Basic header): use a client registered for it, such as the demo client of `npm start`.',
      flows: { clientCredentials: { tokenUrl: `${publicBaseUrl}${TOKEN_ENDPOINT_PATH}`, scopes: {} } },
    },
    CLIENT_CREDENTIALS_SCHEME,
  );
}

/** Every operation that takes a bearer token also names the scheme that mints one (either satisfies it). */
export function offerClientCredentials(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as { security?: Record<string, string[]>[] }[]) {
      // A new array: operations of one controller share the one their class decorator made.
      if (operation.security?.some((requirement) => BEARER_SCHEME in requirement)) operation.security = [{ [CLIENT_CREDENTIALS_SCHEME]: [] }, ...operation.security];
    }
  }
  return document;
}
