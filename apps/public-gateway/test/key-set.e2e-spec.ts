// The key set the public gateway verifies with: its own signing-key store (never its public URL), held
// and refreshed within limits however many unknown kids arrive, and readiness that says whether it is held.
import request from 'supertest';
import { IssuerKeySet, KEY_SET_SOURCE, KeySetSource, ON_DEMAND_GAP_MS, SigningKeysService } from '@gateway/domain';
import { createTestClient, rotateTestSigningKey, rotationDuringFlood, rotationDuringFloodProblems, signTestToken, useTestDatabase } from '@gateway/testing';
import { RunningGateway, startPublicGateway, usePublicGateway } from './support/start-public-gateway';

describe('public gateway: the key set it verifies with', () => {
  const { database } = useTestDatabase();

  async function mint(gateway: RunningGateway): Promise<string> {
    const c = await createTestClient(database.url, { type: 'SERVICE' });
    const res = await request(gateway.app.getHttpServer())
      .post('/oauth2/token')
      .type('form')
      .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString())
      .expect(200);
    return res.body.access_token;
  }

  it('verifies its tokens without its public URL being reachable from inside (PUBLIC_BASE_URL http://gateway.invalid)', async () => {
    const gateway = await startPublicGateway(database.url, { PUBLIC_BASE_URL: 'http://gateway.invalid' });
    try {
      const token = await mint(gateway);
      const res = await request(gateway.app.getHttpServer()).get('/v0/whoami').set('Authorization', `Bearer ${token}`);
      expect([res.status, res.body.clientType]).toEqual([200, 'SERVICE']);
      const ready = await request(gateway.app.getHttpServer()).get('/health/ready');
      expect([ready.status, ready.body]).toEqual([200, { status: 'ok', checks: { database: 'up', keySet: 'up' } }]);
    } finally {
      await gateway.close();
    }
  });

  it('keeps valid tokens of a key rotated in during an unknown-kid flood answering 200, with key-set loads bounded', async () => {
    const gateway = await startPublicGateway(database.url);
    try {
      const clientId = (await createTestClient(database.url, { type: 'SERVICE' })).clientId;
      const sign = () => signTestToken(database.url, { issuer: gateway.url, audience: gateway.url, clientId });
      const oldToken = await sign();
      await request(gateway.app.getHttpServer()).get('/v0/whoami').set('Authorization', `Bearer ${oldToken}`).expect(200);
      const loads = jest.spyOn(gateway.app.get<KeySetSource>(KEY_SET_SOURCE, { strict: false }), 'load');
      const startedAt = Date.now();
      const seen = await rotationDuringFlood({
        baseUrl: gateway.url,
        path: '/v0/whoami',
        oldToken,
        rotate: async () => void (await gateway.app.get(SigningKeysService, { strict: false }).rotate()),
        newToken: sign,
        watchMs: ON_DEMAND_GAP_MS + 4_000,
      });
      const seconds = (Date.now() - startedAt) / 1000;
      expect(rotationDuringFloodProblems(seen, ON_DEMAND_GAP_MS)).toEqual([]);
      // One load per on-demand interval at most, however many unknown kids arrived.
      expect(loads.mock.calls.length).toBeLessThanOrEqual(Math.ceil((seconds * 1000) / ON_DEMAND_GAP_MS) + 1);
    } finally {
      await gateway.close();
    }
  }, 30_000);

  it('keeps verifying with the key set it holds while the signing-key store cannot be read, and answers 503 with Retry-After while it holds none', async () => {
    const gateway = await startPublicGateway(database.url);
    try {
      const token = await mint(gateway);
      const source = gateway.app.get<KeySetSource>(KEY_SET_SOURCE, { strict: false });
      const keySet = gateway.app.get(IssuerKeySet, { strict: false });
      jest.spyOn(source, 'load').mockRejectedValue(new Error('store unreachable'));
      await expect(keySet.refresh()).rejects.toThrow('store unreachable');
      await request(gateway.app.getHttpServer()).get('/v0/whoami').set('Authorization', `Bearer ${token}`).expect(200);
      // A gateway that never loaded a set: not ready, and a token is a 503, not a 401.
      (keySet as unknown as { held?: unknown }).held = undefined;
      const res = await request(gateway.app.getHttpServer()).get('/v0/whoami').set('Authorization', `Bearer ${token}-x`);
      expect([res.status, res.headers['retry-after'], res.headers['www-authenticate']]).toEqual([503, '5', undefined]);
      const ready = await request(gateway.app.getHttpServer()).get('/health/ready');
      expect([ready.status, ready.body.checks]).toEqual([503, { database: 'up', keySet: 'down' }]);
      expect(ready.body.detail).toBe('Not ready: keySet unavailable.');
    } finally {
      jest.restoreAllMocks();
      await gateway.close();
    }
  });
});

describe('public gateway: the verified-token cache', () => {
  const { database, gateway } = usePublicGateway();

  afterEach(() => jest.restoreAllMocks());

  const whoami = (token: string) => request(gateway.app.getHttpServer()).get('/v0/whoami').set('Authorization', `Bearer ${token}`);

  async function cachedToken(): Promise<{ token: string; clientId: string }> {
    const clientId = (await createTestClient(database.url, { type: 'SERVICE' })).clientId;
    const token = await signTestToken(database.url, { issuer: gateway.url, audience: gateway.url, clientId });
    await whoami(token).expect(200);
    return { token, clientId };
  }

  it('does not verify a token it has verified again (the key is looked up once for two requests)', async () => {
    const { token } = await cachedToken();
    const lookups = jest.spyOn(gateway.app.get(IssuerKeySet, { strict: false }), 'publicKey');
    await whoami(token).expect(200);
    await whoami(token).expect(200);
    expect(lookups).not.toHaveBeenCalled();
  });

  it('refuses a cached token once its signing key has left the key set', async () => {
    const { token } = await cachedToken();
    await rotateTestSigningKey(database.url);
    await database.db.query('UPDATE signing_keys SET publish_until = now() WHERE retired_at IS NOT NULL');
    // What the timer does within KEY_SET_REFRESH_MS.
    await gateway.app.get(IssuerKeySet, { strict: false }).refresh();
    const res = await whoami(token);
    expect([res.status, res.body.detail]).toEqual([401, 'The token was signed by a key this gateway does not know.']);
  });

  it('refuses a cached token once its client is revoked (within the revocation check’s 30 s)', async () => {
    const { token, clientId } = await cachedToken();
    await database.db.query('UPDATE api_clients SET revoked_at = now() WHERE client_id = $1', [clientId]);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    const res = await whoami(token);
    expect([res.status, res.body.detail]).toEqual([401, "The token's client has been revoked."]);
  });

  it('refuses a cached token once it has expired', async () => {
    const { token } = await cachedToken();
    const exp = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp as number;
    jest.spyOn(Date, 'now').mockReturnValue((exp + 31) * 1000);
    const res = await whoami(token);
    expect([res.status, res.body.detail]).toEqual([401, 'The token has expired.']);
  });

  it('verifies every request when TOKEN_CACHE_ENABLED=false', async () => {
    const uncached = await startPublicGateway(database.url, { TOKEN_CACHE_ENABLED: 'false' });
    try {
      const clientId = (await createTestClient(database.url, { type: 'SERVICE' })).clientId;
      const token = await signTestToken(database.url, { issuer: uncached.url, audience: uncached.url, clientId });
      const lookups = jest.spyOn(uncached.app.get(IssuerKeySet, { strict: false }), 'publicKey');
      await request(uncached.app.getHttpServer()).get('/v0/whoami').set('Authorization', `Bearer ${token}`).expect(200);
      await request(uncached.app.getHttpServer()).get('/v0/whoami').set('Authorization', `Bearer ${token}`).expect(200);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      await uncached.close();
    }
  });
});
