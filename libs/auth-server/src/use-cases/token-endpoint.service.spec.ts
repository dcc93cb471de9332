// The token signed ahead while the replica's view syncs (TokenEndpointService.signAhead): sent only for the
// client the synced checks pass for, discarded otherwise, and never signed for a caller the view does not
// already authenticate. TokenRateLimits is stood in for here so that what the sync brings can be chosen;
// TokenRateLimits and the view themselves are tested against Postgres in the public gateway's e2e suite.
import { generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import type { ActiveSigningKey, AuthorizationServerOptions, SigningKeysService } from '@gateway/domain';
import type { ApiClientRow } from '@gateway/persistence';
import { OAuthError } from '../model/oauth-error';
import type { TokenAttempt, TokenRateLimits } from '../infra/token-rate-limits';
import { ClientCredentials, TokenEndpointService, TokenRequest } from './token-endpoint.service';

const OPTIONS = { issuer: 'https://gateway.test', internalAudience: 'urn:internal', accessTokenTtlSeconds: 900 } as AuthorizationServerOptions;
const CREDENTIALS: ClientCredentials = { method: 'client_secret_post', clientId: 'cl_connector', clientSecret: 'the secret' };

function connector(connectionIds: string[]): ApiClientRow {
  return {
    clientId: CREDENTIALS.clientId,
    secretHash: 'digest',
    clientType: 'CONNECTOR',
    authMethod: 'client_secret_post',
    audience: 'public',
    name: null,
    userId: null,
    organizationId: null,
    connectionIds,
    createdAt: new Date(0),
    revokedAt: null,
  };
}

const request = (fields: Record<string, string> = { grant_type: 'client_credentials' }): TokenRequest => ({
  credentials: CREDENTIALS,
  address: '127.0.0.1',
  field: (name) => fields[name],
});

const passed = (client: ApiClientRow): TokenAttempt => ({ client, authenticated: true, lockedOut: undefined, counted: true, mintLimited: undefined });

/** The service with a rate-limits stand-in: `likely` is what the view holds before the sync, `attempt` what the synced checks find. */
async function setUp(likely: ApiClientRow | undefined, attempt: (grantValid: boolean) => TokenAttempt) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const signings: string[] = [];
  const keys = {
    activeKey: async (): Promise<ActiveSigningKey> => {
      signings.push('signed');
      return { kid: 'k1', privateKey: privateKey as CryptoKey };
    },
  } as unknown as SigningKeysService;
  const order: string[] = [];
  const limits = {
    likelyMint: () => {
      order.push('view read');
      return likely;
    },
    attempt: async (_credentials: ClientCredentials, _address: string, grantValid: boolean) => {
      order.push(`synced (${signings.length} signing started)`);
      return attempt(grantValid);
    },
    recordFailure: async () => undefined,
  } as unknown as TokenRateLimits;
  const service = new TokenEndpointService(keys, limits, OPTIONS);
  const claimsOf = async (token: string) => (await jwtVerify(token, publicKey, { issuer: OPTIONS.issuer, audience: OPTIONS.issuer })).payload;
  return { service, signings, order, claimsOf };
}

describe('TokenEndpointService: the token signed while the view syncs', () => {
  it('signs before the sync and sends that token when the synced checks pass for the same client', async () => {
    const held = connector(['11111111-1111-4111-8111-111111111111']);
    const { service, signings, order, claimsOf } = await setUp(held, () => passed(held));
    const answer = await service.grant(request());
    expect(order).toEqual(['view read', 'synced (1 signing started)']);
    expect(signings).toHaveLength(1);
    expect(answer).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    expect(await claimsOf(answer.access_token)).toMatchObject({ client_id: 'cl_connector', client_type: 'CONNECTOR', connection_ids: held.connectionIds });
  });

  it('discards it when the sync brought a change of the client: the token carries the client as synced', async () => {
    const before = connector(['11111111-1111-4111-8111-111111111111']);
    const after = connector(['22222222-2222-4222-8222-222222222222']);
    const { service, signings, claimsOf } = await setUp(before, () => passed(after));
    const answer = await service.grant(request());
    expect(signings).toHaveLength(2);
    expect((await claimsOf(answer.access_token)).connection_ids).toEqual(after.connectionIds);
  });

  it('discards it when the synced checks refuse: a secret changed elsewhere from an address past its failure limit answers 429, a revocation 401', async () => {
    const held = connector([]);
    const locked = await setUp(held, () => ({ ...passed(held), authenticated: false, counted: false, lockedOut: { retryAfterSeconds: 30 } }));
    const refusal = await locked.service.grant(request()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(OAuthError);
    expect(refusal).toMatchObject({
      status: 429,
      body: { error: 'slow_down', error_description: 'Too many failed authentications; try again later.' },
      headers: { 'Retry-After': '30' },
    });

    const revoked = await setUp(held, () => ({ ...passed({ ...held, revokedAt: new Date() }), authenticated: false, counted: false }));
    await expect(revoked.service.grant(request())).rejects.toMatchObject({
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
    });
  });

  it('signs nothing ahead for a caller the view does not authenticate, nor for a grant that is not valid', async () => {
    const stranger = await setUp(undefined, () => ({ client: undefined, authenticated: false, lockedOut: undefined, counted: false, mintLimited: undefined }));
    await expect(stranger.service.grant(request())).rejects.toMatchObject({ status: 401 });
    expect(stranger.order).toEqual(['view read', 'synced (0 signing started)']);
    expect(stranger.signings).toHaveLength(0);

    const held = connector([]);
    const badGrant = await setUp(held, (grantValid) => ({ ...passed(held), counted: grantValid }));
    await expect(badGrant.service.grant(request({ grant_type: 'password' }))).rejects.toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } });
    expect(badGrant.order).toEqual(['synced (0 signing started)']);
    expect(badGrant.signings).toHaveLength(0);
  });
});
