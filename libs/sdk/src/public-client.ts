// A typed client of the public gateway (types generated from openapi/public.json): bearer tokens from the
// client credentials grant, renewed before they expire, and an Idempotency-Key on every creation.
import createClient, { Client, Middleware } from 'openapi-fetch';
import { ClientAuthMethod, ClientCredentials } from './client-credentials';
import type { paths } from './generated/public-api';

export interface PublicClientOptions {
  /** The public gateway, e.g. `http://localhost:3000`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  authMethod?: ClientAuthMethod;
  fetch?: typeof fetch;
}

export type PublicClient = Client<paths> & { credentials: ClientCredentials };

const TOKEN_PATH = '/oauth2/token';

/** Sends the current token; a 401 drops it, so the next call mints a new one. */
export function bearerTokens(credentials: ClientCredentials): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (schemaPath === TOKEN_PATH) return request;
      request.headers.set('authorization', `Bearer ${await credentials.accessToken()}`);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) credentials.invalidate();
      return response;
    },
  };
}

/**
 * A POST without an Idempotency-Key gets a new random one. To retry safely, pass your own key (one per
 * order, e.g. derived from your order reference) and send it again with the retry: the gateway then
 * answers the first result instead of creating a second order.
 */
export const idempotencyKeys: Middleware = {
  onRequest({ request, schemaPath }) {
    if (request.method === 'POST' && schemaPath !== TOKEN_PATH && !request.headers.has('idempotency-key')) {
      request.headers.set('idempotency-key', crypto.randomUUID());
    }
    return request;
  },
};

export function createPublicClient(options: PublicClientOptions): PublicClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const credentials = new ClientCredentials({ tokenUrl: `${baseUrl}${TOKEN_PATH}`, clientId: options.clientId, clientSecret: options.clientSecret, authMethod: options.authMethod, fetch: options.fetch });
  const client = createClient<paths>({ baseUrl, fetch: options.fetch });
  client.use(bearerTokens(credentials), idempotencyKeys);
  return Object.assign(client, { credentials });
}
