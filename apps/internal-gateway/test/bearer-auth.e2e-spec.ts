// The internal gateway accepts internal-audience tokens only, verified with the key set it holds, read from
// the signing-key store of its database (never fetched over HTTP) and refreshed within limits however many
// unknown kids arrive.
import request from 'supertest';
import { IssuerKeySet, KEY_SET_SOURCE, KeySetSource, ON_DEMAND_GAP_MS } from '@gateway/domain';
import {
  createTestClient,
  createTestDatabase,
  createTestToken,
  rotateTestSigningKey,
  rotationDuringFlood,
  rotationDuringFloodProblems,
  signTestToken,
  startTestIssuer,
  useFixture,
} from '@gateway/testing';
import { startInternalGateway, useInternalGateway } from './support/start-internal-gateway';

describe('internal gateway: bearer authentication', () => {
  const { database, gateway } = useInternalGateway();

  it('refuses a request without a token, with WWW-Authenticate: Bearer and no resource_metadata', async () => {
    const res = await request(gateway.app.getHttpServer()).get('/openapi.json');
    expect(res.status).toBe(200); // the document is public
    const denied = await request(gateway.app.getHttpServer()).get('/organizations/00000000-0000-4000-8000-000000000000');
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer realm="internal"');
  });

  it('refuses a public-audience token', async () => {
    const { accessToken } = await createTestToken(gateway.issuer, database.url, { type: 'SERVICE', audience: 'public' });
    const res = await request(gateway.app.getHttpServer())
      .get('/organizations/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${accessToken}`);
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="internal", error="invalid_token"/);
    expect(res.body.detail).toBe('The token is not meant for this gateway.');
  });

  it('lets an internal-audience token through the guard', async () => {
    const { accessToken } = await createTestToken(gateway.issuer, database.url, { type: 'SERVICE', audience: 'internal' });
    const res = await request(gateway.app.getHttpServer())
      .get('/organizations/00000000-0000-4000-8000-000000000000')
      .set('Authorization', `Bearer ${accessToken}`);
    // Past authentication: the organization does not exist.
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('The organization does not exist.');
  });

  it('keeps valid tokens of a key rotated in during an unknown-kid flood answering 200, with key-set loads bounded', async () => {
    const clientId = (await createTestClient(database.url, { type: 'SERVICE', audience: 'internal' })).clientId;
    const sign = () => signTestToken(database.url, { issuer: gateway.issuer.url, audience: 'urn:gateway:internal', clientId });
    const path = '/internal-tools/release-channel-features';
    const oldToken = await sign();
    await request(gateway.app.getHttpServer()).get(path).set('Authorization', `Bearer ${oldToken}`).expect(200);
    const loads = jest.spyOn(gateway.app.get<KeySetSource>(KEY_SET_SOURCE, { strict: false }), 'load');
    const startedAt = Date.now();
    const seen = await rotationDuringFlood({
      baseUrl: gateway.url,
      path,
      oldToken,
      rotate: () => rotateTestSigningKey(database.url),
      newToken: sign,
      watchMs: ON_DEMAND_GAP_MS + 4_000,
    });
    expect(rotationDuringFloodProblems(seen, ON_DEMAND_GAP_MS)).toEqual([]);
    expect(loads.mock.calls.length).toBeGreaterThan(0);
    expect(loads.mock.calls.length).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / ON_DEMAND_GAP_MS) + 1);
    // Nothing asked the issuer over HTTP.
    expect([gateway.issuer.requests.get('/.well-known/jwks.json'), gateway.issuer.requests.get('/.well-known/openid-configuration')]).toEqual([
      undefined,
      undefined,
    ]);
  }, 30_000);

  it('keeps a retired key while the issuer still publishes it, and refuses its tokens, cached or not, once it has left', async () => {
    const clientId = (await createTestClient(database.url, { type: 'SERVICE', audience: 'internal' })).clientId;
    const sign = () => signTestToken(database.url, { issuer: gateway.issuer.url, audience: 'urn:gateway:internal', clientId });
    const get = (token: string) => request(gateway.app.getHttpServer()).get('/internal-tools/release-channel-features').set('Authorization', `Bearer ${token}`);
    const keySet = gateway.app.get(IssuerKeySet, { strict: false });
    const oldToken = await sign();
    await get(oldToken).expect(200);
    const uncached = await sign(); // of the same key, never shown before: verified with the set held
    await rotateTestSigningKey(database.url);
    // What the timer does within KEY_SET_REFRESH_MS.
    await keySet.refresh();
    await get(oldToken).expect(200);
    // Its publication ends: the next refresh drops it.
    await database.db.query('UPDATE signing_keys SET publish_until = now() WHERE retired_at IS NOT NULL');
    await keySet.refresh();
    for (const token of [oldToken, uncached]) {
      const res = await get(token);
      expect([res.status, res.body.detail]).toEqual([401, 'The token was signed by a key this gateway does not know.']);
    }
    await get(await sign()).expect(200);
  });
});

describe("internal gateway: the issuer's keys come from its database, never over HTTP", () => {
  // Tokens name the issuer by its public URL, which this gateway cannot reach (as between containers): the
  // keys are read from the database the issuer writes them to. (Port 1 refuses at once.)
  const PUBLIC_ISSUER_URL = 'http://127.0.0.1:1';
  const { database, issuer, impostor, impostorDatabase } = useFixture(async (defer) => {
    const database = await createTestDatabase();
    defer(() => database.drop());
    const issuer = await startTestIssuer(database.url, { issuerUrl: PUBLIC_ISSUER_URL });
    defer(() => issuer.close());
    // Another server answering as the issuer (same issuer URL), with keys of its own in another database.
    const impostorDatabase = await createTestDatabase();
    defer(() => impostorDatabase.drop());
    const impostor = await startTestIssuer(impostorDatabase.url, { issuerUrl: PUBLIC_ISSUER_URL });
    defer(() => impostor.close());
    return { database, issuer, impostor, impostorDatabase };
  });

  it('verifies tokens of an issuer it cannot reach, with the keys of its database', async () => {
    const gateway = await startInternalGateway(database.url, { PUBLIC_BASE_URL: PUBLIC_ISSUER_URL }, { issuer });
    try {
      const { accessToken } = await createTestToken(issuer, database.url, { type: 'SERVICE', audience: 'internal' });
      expect(JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).iss).toBe(PUBLIC_ISSUER_URL);
      await request(gateway.app.getHttpServer()).get('/internal-tools/release-channel-features').set('Authorization', `Bearer ${accessToken}`).expect(200);
      const ready = await request(gateway.app.getHttpServer()).get('/health/ready');
      expect([ready.status, ready.body.checks]).toEqual([200, { database: 'up', keySet: 'up' }]);
    } finally {
      await gateway.close();
    }
  });

  it('ignores a retired ISSUER_DISCOVERY_URL: a server answering there cannot make it accept its tokens', async () => {
    // A token for a real client of this database, signed with the impostor's key (in the impostor's set
    // before the gateway starts, whenever it would ask for it).
    const { clientId } = await createTestClient(database.url, { type: 'SERVICE', audience: 'internal' });
    const forged = await signTestToken(impostorDatabase.url, { issuer: PUBLIC_ISSUER_URL, audience: 'urn:gateway:internal', clientId });
    const requestsBefore = [impostor.requests.get('/.well-known/openid-configuration'), impostor.requests.get('/.well-known/jwks.json')];
    const gateway = await startInternalGateway(database.url, { PUBLIC_BASE_URL: PUBLIC_ISSUER_URL, ISSUER_DISCOVERY_URL: impostor.url }, { issuer });
    try {
      const res = await request(gateway.app.getHttpServer()).get('/internal-tools/release-channel-features').set('Authorization', `Bearer ${forged}`);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="internal", error="invalid_token"/);
      expect([impostor.requests.get('/.well-known/openid-configuration'), impostor.requests.get('/.well-known/jwks.json')]).toEqual(requestsBefore);
      // The same client's token signed with the database's own key gets through.
      const accessToken = await signTestToken(database.url, { issuer: PUBLIC_ISSUER_URL, audience: 'urn:gateway:internal', clientId });
      await request(gateway.app.getHttpServer()).get('/internal-tools/release-channel-features').set('Authorization', `Bearer ${accessToken}`).expect(200);
    } finally {
      await gateway.close();
    }
  });
});
