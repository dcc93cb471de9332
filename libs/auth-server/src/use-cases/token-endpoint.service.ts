// POST /oauth2/token (spec 4.2, section 7): the client credentials grant, with client_secret_post and
// client_secret_basic. The client is authenticated before the grant is looked at; rate limits are
// checked before any secret is hashed.
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { SignJWT } from 'jose';
import { GatewayMetrics } from '@gateway/platform';
import { ApiClientRepository, ApiClientRow, Database } from '@gateway/persistence';
import { ACCESS_TOKEN_TYPE, identityClaims, AUTHORIZATION_SERVER_OPTIONS, AuthorizationServerOptions, audienceFor, CallerIdentity, verifyClientSecret, SigningKeysService } from '@gateway/domain';
import { TokenRateLimits } from '../policies/token-rate-limits';

export interface TokenRequest {
  contentType: string | undefined;
  authorization: string | undefined;
  body: unknown;
  address: string;
}

export interface TokenAnswer {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/** RFC 6749 section 3.3 scope: space-delimited tokens of %x21 / %x23-5B / %x5D-7E. */
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** RFC 6749 appendix A: client_id and client_secret are *VSCHAR (%x20-7E). Nothing else reaches SQL or the hash. */
const VSCHAR = /^[\x20-\x7E]+$/;
/** Longest scope accepted: it is echoed and signed into the token. */
const SCOPE_MAX = 1024;

class OAuthError {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

const invalidRequest = (description: string) => new OAuthError(400, 'invalid_request', description);
/** Every 401 carries a challenge (RFC 9110 section 15.5.2), whichever method the client used. */
const invalidClient = (description: string) => new OAuthError(401, 'invalid_client', description, { 'WWW-Authenticate': 'Basic realm="token", charset="UTF-8"' });

/** The parsed form as sent: each field's values, a field sent twice as an array. Nothing is judged yet. */
type FormFields = Record<string, unknown>;

function formFields(body: unknown): FormFields {
  return body && typeof body === 'object' ? (body as FormFields) : {};
}

/**
 * One known field of the form: at most once, and a field sent without a value is treated as omitted
 * (RFC 6749 section 3.1). Only the fields the endpoint reads are judged, each when it is read: unknown
 * fields are ignored whatever they hold (section 3.2), and the grant's fields only after authentication.
 */
function single(form: FormFields, name: string): string | undefined {
  if (!Object.hasOwn(form, name)) return undefined;
  const value = form[name];
  if (typeof value !== 'string') throw invalidRequest(`${name} must be sent once.`);
  return value === '' ? undefined : value;
}

interface Credentials {
  method: 'client_secret_post' | 'client_secret_basic';
  clientId: string;
  clientSecret: string;
}

/** application/x-www-form-urlencoded decoding of one value: '+' is a space, then percent-decoding. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

@Injectable()
export class TokenEndpointService {
  constructor(
    private readonly db: Database,
    private readonly clients: ApiClientRepository,
    private readonly keys: SigningKeysService,
    private readonly limits: TokenRateLimits,
    @Inject(AUTHORIZATION_SERVER_OPTIONS) private readonly options: AuthorizationServerOptions,
    @Optional() private readonly metrics?: GatewayMetrics,
  ) {}

  async handle(request: TokenRequest): Promise<TokenAnswer> {
    try {
      return await this.grant(request);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return { status: error.status, headers: error.headers, body: { error: error.error, error_description: error.description } };
    }
  }

  private async grant(request: TokenRequest): Promise<TokenAnswer> {
    // A body of another type is refused before anything else (it cannot be read); a request without one
    // is an empty form, so its Basic credentials are judged first like any other's (spec 4.2 rule 5).
    if (request.contentType !== undefined && !/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.contentType)) {
      throw invalidRequest('The token request must be sent as application/x-www-form-urlencoded.');
    }
    const form = formFields(request.body);
    const credentials = this.credentials(request.authorization, form);

    const lockedOut = await this.limits.lockedOut(credentials.clientId, request.address);
    if (lockedOut) {
      this.metrics?.rateLimitRefusals.inc({ limit: 'failed_authentication' });
      throw this.tooMany('Too many failed authentications; try again later.', lockedOut.retryAfterSeconds);
    }

    const client = await this.clients.find(this.db, credentials.clientId);
    if (!client || client.revokedAt !== null || !verifyClientSecret(credentials.clientSecret, client.secretHash)) {
      await this.limits.recordFailure(credentials.clientId, request.address);
      throw invalidClient('Client authentication failed.');
    }
    if (client.authMethod !== credentials.method) {
      throw invalidClient(`This client is registered for ${client.authMethod}; present its credentials that way.`);
    }

    // The client is authenticated: only now is the grant looked at (spec 4.2 rule 5).
    const grantType = single(form, 'grant_type');
    if (grantType === undefined) throw invalidRequest('grant_type is required.');
    if (grantType !== 'client_credentials') throw new OAuthError(400, 'unsupported_grant_type', 'Only the client_credentials grant is supported.');
    const scope = single(form, 'scope');
    if (scope !== undefined && (scope.length > SCOPE_MAX || !SCOPE.test(scope))) throw new OAuthError(400, 'invalid_scope', 'scope must be space-delimited scope tokens.');

    const limited = await this.limits.consumeMint(client.clientId);
    if (limited) {
      this.metrics?.rateLimitRefusals.inc({ limit: 'token_minting' });
      throw this.tooMany('Too many tokens minted for this client; reuse a token until shortly before it expires.', limited.retryAfterSeconds);
    }

    const accessToken = await this.mint(client, scope);
    this.metrics?.tokensMinted.inc({ audience: client.audience });
    return {
      status: 200,
      headers: {},
      body: { access_token: accessToken, token_type: 'bearer', expires_in: this.options.accessTokenTtlSeconds, ...(scope !== undefined ? { scope } : {}) },
    };
  }

  /**
   * The only form values that reach SQL (the lockout lookup, the client lookup) or the secret hash are the
   * client credentials: refused here unless VSCHAR, so a NUL or a control character never gets that far
   * (their length is bounded by the body and header limits; a long one is an unknown client or a wrong
   * secret). grant_type is only compared with a literal and scope is checked against its grammar.
   */
  private checked(clientId: string, clientSecret: string, method: Credentials['method']): Credentials {
    if (!VSCHAR.test(clientId)) throw invalidRequest('client_id must consist of printable ASCII characters (%x20-7E).');
    if (!VSCHAR.test(clientSecret)) throw invalidRequest('client_secret must consist of printable ASCII characters (%x20-7E).');
    return { method, clientId, clientSecret };
  }

  /**
   * One authentication method (RFC 6749 section 2.3.1). A client_id in the body beside Basic credentials
   * is not a second method (section 3.2.1 lets a client send it) as long as it names the same client.
   */
  private credentials(authorization: string | undefined, form: FormFields): Credentials {
    const bodyClientId = single(form, 'client_id');
    const bodyClientSecret = single(form, 'client_secret');
    if (authorization !== undefined) {
      if (bodyClientSecret !== undefined) throw invalidRequest('Client credentials were sent by both client_secret_basic and client_secret_post; use one method.');
      const credentials = this.basicCredentials(authorization);
      if (bodyClientId !== undefined && bodyClientId !== credentials.clientId) throw invalidRequest('The client_id in the body names another client than the Basic credentials.');
      return credentials;
    }
    if (bodyClientId === undefined && bodyClientSecret === undefined) throw invalidRequest('No client credentials were sent: use client_secret_basic or client_secret_post.');
    if (bodyClientId === undefined) throw invalidRequest('client_id is required.');
    if (bodyClientSecret === undefined) throw invalidRequest('client_secret is required.');
    return this.checked(bodyClientId, bodyClientSecret, 'client_secret_post');
  }

  private basicCredentials(authorization: string): Credentials {
    const match = /^Basic +(\S+)$/i.exec(authorization);
    if (!match) throw invalidRequest('The Authorization header of a token request must use the Basic scheme.');
    if (!BASE64.test(match[1])) throw invalidRequest('The Basic credentials are not valid base64.');
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidRequest('The Basic credentials must be base64 of client_id:client_secret.');
    let clientId: string;
    let clientSecret: string;
    try {
      clientId = formDecode(decoded.slice(0, colon));
      clientSecret = formDecode(decoded.slice(colon + 1));
    } catch {
      throw invalidRequest('The Basic credentials are not validly form-urlencoded.');
    }
    if (!clientId || !clientSecret) throw invalidRequest('The Basic credentials must carry both client_id and client_secret.');
    return this.checked(clientId, clientSecret, 'client_secret_basic');
  }

  private tooMany(description: string, retryAfterSeconds: number): OAuthError {
    return new OAuthError(429, 'slow_down', description, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) });
  }

  private async mint(client: ApiClientRow, scope: string | undefined): Promise<string> {
    const key = await this.keys.activeKey();
    const now = Math.floor(Date.now() / 1000);
    const identity = toIdentity(client);
    return new SignJWT({ client_id: client.clientId, ...identityClaims(identity), ...(scope !== undefined ? { scope } : {}) })
      .setProtectedHeader({ alg: 'RS256', typ: ACCESS_TOKEN_TYPE, kid: key.kid })
      .setIssuer(this.options.issuer)
      .setSubject(client.clientId)
      .setAudience(audienceFor(this.options, client.audience))
      .setIssuedAt(now)
      .setNotBefore(now)
      .setExpirationTime(now + this.options.accessTokenTtlSeconds)
      .setJti(randomUUID())
      .sign(key.privateKey);
  }
}

function toIdentity(client: ApiClientRow): CallerIdentity {
  switch (client.clientType) {
    case 'USER':
      return { clientType: 'USER', clientId: client.clientId, userId: client.userId as string };
    case 'ORGANIZATION':
      return { clientType: 'ORGANIZATION', clientId: client.clientId, organizationId: client.organizationId as string };
    case 'CONNECTOR':
      return { clientType: 'CONNECTOR', clientId: client.clientId, connectionIds: client.connectionIds };
    case 'SERVICE':
      return { clientType: 'SERVICE', clientId: client.clientId };
  }
}
