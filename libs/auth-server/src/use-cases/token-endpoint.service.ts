// POST /oauth2/token (spec 4.2, section 7): the client credentials grant, with client_secret_post and
// client_secret_basic. The client is authenticated before the grant is looked at; the secret is compared
// before the failure counters are read, so that they slow down wrong secrets only and a correct secret is
// always accepted; one round trip to the database per request (TokenRateLimits.attempt).
import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { CompactSign } from 'jose';
import { GatewayMetrics } from '@gateway/platform';
import { ApiClientRow } from '@gateway/persistence';
import {
  ACCESS_TOKEN_TYPE,
  identityClaims,
  AUTHORIZATION_SERVER_OPTIONS,
  AuthorizationServerOptions,
  audienceFor,
  CallerIdentity,
  SigningKeysService,
} from '@gateway/domain';
import { TokenRateLimits } from '../infra/token-rate-limits';
import { OAuthError, invalidClient, invalidRequest, slowDown } from '../model/oauth-error';

/** The client's credentials as the request presented them (RFC 6749 section 2.3.1), well-formed. */
export interface ClientCredentials {
  method: 'client_secret_post' | 'client_secret_basic';
  clientId: string;
  clientSecret: string;
}

/** A token request as the HTTP layer read it (token-request.parser.ts). */
export interface TokenRequest {
  credentials: ClientCredentials;
  address: string;
  /** A field of the grant, judged only when read (after authentication): undefined when omitted. */
  field(name: 'grant_type' | 'scope'): string | undefined;
}

/** The token response of RFC 6749 section 5.1. */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope?: string;
}

const UTF8 = new TextEncoder();

/** RFC 6749 section 3.3 scope: space-delimited tokens of %x21 / %x23-5B / %x5D-7E. */
const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]+( [\x21\x23-\x5B\x5D-\x7E]+)*$/;
/** Longest scope accepted: it is echoed and signed into the token. */
const SCOPE_MAX = 1024;

@Injectable()
export class TokenEndpointService {
  constructor(
    private readonly keys: SigningKeysService,
    private readonly limits: TokenRateLimits,
    @Inject(AUTHORIZATION_SERVER_OPTIONS) private readonly options: AuthorizationServerOptions,
    @Optional() private readonly metrics?: GatewayMetrics,
  ) {}

  /** The client credentials grant: a token, or an OAuthError. */
  async grant(request: TokenRequest): Promise<TokenResponse> {
    const { credentials } = request;

    // The grant is judged now but answered only after authentication (spec 4.2 rule 5); whether it is
    // valid decides whether the one round trip below counts a minted token.
    const grant = judgeGrant(request);
    const signedAhead = grant instanceof OAuthError ? undefined : this.signAhead(credentials, grant.scope);
    const attempt = await this.limits.attempt(credentials, request.address, !(grant instanceof OAuthError));

    const client = attempt.client;
    if (!client || !attempt.authenticated) {
      // A wrong secret past the failure limits of its address is slowed down (and no longer counted).
      if (attempt.lockedOut) {
        this.metrics?.rateLimitRefusals.inc({ limit: 'failed_authentication' });
        throw slowDown('Too many failed authentications; try again later.', attempt.lockedOut.retryAfterSeconds);
      }
      await this.limits.recordFailure(credentials.clientId, request.address);
      throw invalidClient('Client authentication failed.');
    }
    if (client.authMethod !== credentials.method) {
      throw invalidClient(`This client is registered for ${client.authMethod}; present its credentials that way.`);
    }

    // The client is authenticated: only now is the grant answered (spec 4.2 rule 5).
    if (grant instanceof OAuthError) throw grant;
    const { scope } = grant;

    // Every check above passed, so the statement counted this mint (its SQL repeats them).
    if (!attempt.counted) throw new Error('The token request was not counted although every check passed.');
    if (attempt.mintLimited) {
      this.metrics?.rateLimitRefusals.inc({ limit: 'token_minting' });
      throw slowDown('Too many tokens minted for this client; reuse a token until shortly before it expires.', attempt.mintLimited.retryAfterSeconds);
    }

    const accessToken = await (signedAhead?.client === client ? signedAhead.token : this.mint(client, scope));
    this.metrics?.tokensMinted.inc({ audience: client.audience });
    return { access_token: accessToken, token_type: 'bearer', expires_in: this.options.accessTokenTtlSeconds, ...(scope !== undefined ? { scope } : {}) };
  }

  /**
   * A client this replica holds is answered after its view syncs with the database (TokenRateLimits.attempt:
   * a round trip that brings any revocation, new secret or failure committed before the request). Its token
   * is signed meanwhile, for the client as the view holds it now, and sent only if every check after the
   * sync passes for that same client (the same object: a change drops it from the view). Only a caller the
   * view already authenticates is signed for ahead: a wrong secret or a used-up minting limit costs no
   * signature.
   */
  private signAhead(credentials: ClientCredentials, scope: string | undefined): { client: ApiClientRow; token: Promise<string> } | undefined {
    const client = this.limits.likelyMint(credentials);
    if (!client) return undefined;
    const token = this.mint(client, scope);
    token.catch(() => undefined); // awaited when used; one discarded must not fail unhandled
    return { client, token };
  }

  private async mint(client: ApiClientRow, scope: string | undefined): Promise<string> {
    const key = await this.keys.activeKey();
    const now = Math.floor(Date.now() / 1000);
    const identity = toIdentity(client);
    // The claims in the order SignJWT wrote them; serialized once here (SignJWT deep-copies and checks its claims:
    // docs/decisions/benchmarks.md#what-the-figures-changed-in-the-gateway).
    const claims = {
      client_id: client.clientId,
      ...identityClaims(identity),
      ...(scope !== undefined ? { scope } : {}),
      iss: this.options.issuer,
      sub: client.clientId,
      aud: audienceFor(this.options, client.audience),
      iat: now,
      nbf: now,
      exp: now + this.options.accessTokenTtlSeconds,
      jti: randomUUID(),
    };
    return new CompactSign(UTF8.encode(JSON.stringify(claims))).setProtectedHeader({ alg: 'RS256', typ: ACCESS_TOKEN_TYPE, kid: key.kid }).sign(key.privateKey);
  }
}

/** The grant's fields (read only after authentication is answered): the scope to grant, or the error to answer. */
function judgeGrant(request: TokenRequest): { scope: string | undefined } | OAuthError {
  try {
    const grantType = request.field('grant_type');
    if (grantType === undefined) return invalidRequest('grant_type is required.');
    if (grantType !== 'client_credentials') return new OAuthError(400, 'unsupported_grant_type', 'Only the client_credentials grant is supported.');
    const scope = request.field('scope');
    if (scope !== undefined && (scope.length > SCOPE_MAX || !SCOPE.test(scope)))
      return new OAuthError(400, 'invalid_scope', 'scope must be space-delimited scope tokens.');
    return { scope };
  } catch (error) {
    if (error instanceof OAuthError) return error;
    throw error;
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
