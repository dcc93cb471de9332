// What both gateways' clients share: an openapi-fetch client with client-credentials tokens (renewed
// before they expire, dropped after a 401), an Idempotency-Key on every POST that takes one, and
// retries of 429 and 503 after Retry-After.
import createClient, { Client, Middleware } from 'openapi-fetch';
import { ClientAuthMethod, ClientCredentials } from './client-credentials';
import { RetryOptions, retryingFetch } from './retrying-fetch';

export interface GatewayClientOptions {
  /** The gateway, e.g. `http://localhost:3000`. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  authMethod?: ClientAuthMethod;
  /** Retries of 429 and 503 answers (and of the token request); `{ maxRetries: 0 }` turns them off. */
  retry?: RetryOptions;
  fetch?: typeof fetch;
}

export type GatewayClient<Paths extends object> = Client<Paths> & { credentials: ClientCredentials };

/** The token endpoint's path on the public gateway. */
export const TOKEN_PATH = '/oauth2/token';

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
 * A POST to a path that takes an Idempotency-Key gets a new random one when the caller gave none; retries
 * of that call (429, 503) send the same key. To retry safely yourself (after a timeout, say), pass your
 * own key, one per order (derived from your order reference), and send it again with the retry: the
 * gateway then answers the first result instead of creating a second order.
 */
export function idempotencyKeys(idempotentPostPaths: readonly string[]): Middleware {
  const paths = new Set(idempotentPostPaths);
  return {
    onRequest({ request, schemaPath }) {
      if (request.method === 'POST' && paths.has(schemaPath) && !request.headers.has('idempotency-key'))
        request.headers.set('idempotency-key', crypto.randomUUID());
      return request;
    },
  };
}

export function createGatewayClient<Paths extends object>(
  options: GatewayClientOptions,
  tokenUrl: string,
  idempotentPostPaths: readonly string[],
): GatewayClient<Paths> {
  const baseFetch: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const fetchWithRetries = retryingFetch(baseFetch, options.retry);
  const credentials = new ClientCredentials({
    tokenUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    authMethod: options.authMethod,
    fetch: fetchWithRetries,
  });
  const client = createClient<Paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), fetch: fetchWithRetries });
  client.use(bearerTokens(credentials), idempotencyKeys(idempotentPostPaths));
  return Object.assign(client, { credentials });
}
