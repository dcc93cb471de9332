// Access tokens from the OAuth 2.0 client credentials grant, reused until shortly before they expire and
// then renewed (spec section 5.6: minting one per request is rate limited).

export type ClientAuthMethod = 'client_secret_post' | 'client_secret_basic';

export interface ClientCredentialsOptions {
  /** The token endpoint, `{base_url}/oauth2/token`. */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The method the client is registered for (spec 4.2); default client_secret_post, as for credentials of the API Keys page. */
  authMethod?: ClientAuthMethod;
  scope?: string;
  /** Renew this long before expiry: default 60 s, never more than half the token's lifetime. */
  renewBeforeSeconds?: number;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch (a test's clock). */
  now?: () => number;
}

/** The token endpoint refused or failed: its OAuth `error` when it sent one. */
export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string | undefined,
    description: string | undefined,
  ) {
    super(`token request failed: ${status}${error ? ` ${error}` : ''}${description ? `: ${description}` : ''}`);
  }
}

/** application/x-www-form-urlencoded encoding of one value: everything but A-Z a-z 0-9 - . _ ~ percent-encoded (spec 4.2 rule 3). */
export const formUrlEncode = (value: string): string => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The Authorization header of client_secret_basic. */
export const basicCredentials = (clientId: string, clientSecret: string): string =>
  `Basic ${btoa(`${formUrlEncode(clientId)}:${formUrlEncode(clientSecret)}`)}`;

export class ClientCredentials {
  private current?: { accessToken: string; renewAt: number };
  private pending?: Promise<string>;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: ClientCredentialsOptions) {
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.now = options.now ?? Date.now;
  }

  /** A valid access token: the current one, or a new one when it is about to expire. Concurrent callers share one token request. */
  async accessToken(): Promise<string> {
    if (this.current && this.now() < this.current.renewAt) return this.current.accessToken;
    this.pending ??= this.requestToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forget the current token (after a 401, say): the next call mints a new one. */
  invalidate(): void {
    this.current = undefined;
  }

  private async requestToken(): Promise<string> {
    const { clientId, clientSecret, scope } = this.options;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
    if (this.options.authMethod === 'client_secret_basic') {
      headers.authorization = basicCredentials(clientId, clientSecret);
    } else {
      form.set('client_id', clientId);
      form.set('client_secret', clientSecret);
    }
    if (scope) form.set('scope', scope);
    const requestedAt = this.now();
    const response = await this.fetch(this.options.tokenUrl, { method: 'POST', headers, body: form.toString() });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: string; error_description?: string };
    if (!response.ok || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new TokenRequestError(response.status, body.error, body.error_description);
    }
    // Counted from when we asked, so time spent on the way does not stretch the token's life.
    const lifetimeMs = body.expires_in * 1000;
    const renewBeforeMs = Math.min((this.options.renewBeforeSeconds ?? 60) * 1000, lifetimeMs / 2);
    this.current = { accessToken: body.access_token, renewAt: requestedAt + lifetimeMs - renewBeforeMs };
    return body.access_token;
  }
}
