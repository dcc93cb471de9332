// Discovery, the key set, bearer verification and whoami: an outside client (openid-client) obtains
// tokens by discovery with both auth methods, verifies them with jose, and every attack is refused.
import { randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import { SignJWT, createRemoteJWKSet, decodeProtectedHeader, exportSPKI, generateKeyPair, jwtVerify } from 'jose';
import request from 'supertest';
import { Database, SigningKeyRepository } from '@gateway/persistence';
import { KEY_SET_SOURCE, KeySetSource, ON_DEMAND_GAP_MS, RevocationCheck, SigningKeysService, parseKeyEncryptionKey } from '@gateway/domain';
import { ServiceUnavailableProblem } from '@gateway/platform';
import { SeededOrganization, TEST_KEY_ENCRYPTION_KEY, createTestClient, seedOrganization, signTestToken } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

describe('bearer authentication on the public gateway', () => {
  const { database, gateway } = usePublicGateway();
  let org: SeededOrganization;
  let forgedClientId: string;

  beforeAll(async () => {
    org = await seedOrganization(database.db);
    forgedClientId = (await createTestClient(database.url, { type: 'SERVICE' })).clientId;
  });

  const http = () => request(gateway.app.getHttpServer());

  async function tokenFor(spec: Parameters<typeof createTestClient>[1]): Promise<string> {
    const c = await createTestClient(database.url, spec);
    const res = await http()
      .post('/oauth2/token')
      .type('form')
      .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString());
    expect(res.status).toBe(200);
    return res.body.access_token;
  }

  async function signingKey() {
    const db = new Database({ url: database.url, poolMax: 1 });
    try {
      return await new SigningKeysService(db, new SigningKeyRepository(), { keyEncryptionKey: parseKeyEncryptionKey(TEST_KEY_ENCRYPTION_KEY) }).activeKey();
    } finally {
      await db.close();
    }
  }

  /** A token signed with the gateway's real key, with the given claims changed. */
  async function forged(changes: { claims?: Record<string, unknown>; header?: Record<string, unknown>; iat?: number; exp?: number; nbf?: number }) {
    const key = await signingKey();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ client_id: forgedClientId, client_type: 'SERVICE', ...changes.claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid, ...changes.header })
      .setIssuer(gateway.url)
      .setSubject(forgedClientId)
      .setAudience(gateway.url)
      .setIssuedAt(changes.iat ?? now)
      .setNotBefore(changes.nbf ?? now)
      .setExpirationTime(changes.exp ?? now + 600)
      .setJti(randomUUID())
      .sign(key.privateKey);
  }

  it('publishes the protected-resource metadata naming the issuer', async () => {
    const res = await http().get('/.well-known/oauth-protected-resource').expect(200);
    expect(res.body).toEqual(expect.objectContaining({ resource: gateway.url, authorization_servers: [gateway.url], bearer_methods_supported: ['header'] }));
  });

  it.each(['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'])('publishes the issuer metadata at %s', async (path) => {
    const res = await http().get(path).expect(200);
    expect(res.body).toEqual(
      expect.objectContaining({
        issuer: gateway.url,
        token_endpoint: `${gateway.url}/oauth2/token`,
        jwks_uri: `${gateway.url}/.well-known/jwks.json`,
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      }),
    );
  });

  it('publishes public keys only', async () => {
    await tokenFor({ type: 'SERVICE' });
    const res = await http().get('/.well-known/jwks.json').expect(200);
    expect(res.body.keys.length).toBeGreaterThan(0);
    for (const key of res.body.keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
      expect(key).toEqual(expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' }));
    }
  });

  it('lets an outside client obtain tokens by discovery with both methods and verify them with the JWKS', async () => {
    const jwks = createRemoteJWKSet(new URL(`${gateway.url}/.well-known/jwks.json`));
    for (const authMethod of ['client_secret_post', 'client_secret_basic'] as const) {
      const credentials = await createTestClient(database.url, { type: 'ORGANIZATION', organizationId: org.organizationId, authMethod });
      const auth = authMethod === 'client_secret_post' ? client.ClientSecretPost(credentials.clientSecret) : client.ClientSecretBasic(credentials.clientSecret);
      const config = await client.discovery(new URL(gateway.url), credentials.clientId, undefined, auth, { execute: [client.allowInsecureRequests] });
      const tokens = await client.clientCredentialsGrant(config);
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.expires_in).toBe(900);
      const { payload, protectedHeader } = await jwtVerify(tokens.access_token, jwks, {
        issuer: gateway.url,
        audience: gateway.url,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      });
      expect(protectedHeader.kid).toEqual(expect.any(String));
      expect(payload).toEqual(
        expect.objectContaining({
          sub: credentials.clientId,
          client_id: credentials.clientId,
          client_type: 'ORGANIZATION',
          organization_id: org.organizationId,
          jti: expect.any(String),
        }),
      );
      expect(payload.exp! - payload.iat!).toBe(900);
    }
  });

  it('answers whoami in each of the four shapes, with nothing else', async () => {
    const cases = [
      [
        { type: 'USER', userId: org.ownerId },
        { clientType: 'USER', userId: org.ownerId },
      ],
      [
        { type: 'ORGANIZATION', organizationId: org.organizationId },
        { clientType: 'ORGANIZATION', organizationId: org.organizationId },
      ],
      [
        { type: 'CONNECTOR', connectionIds: [org.connectionId] },
        { clientType: 'CONNECTOR', connectionIds: [org.connectionId] },
      ],
      [{ type: 'SERVICE' }, { clientType: 'SERVICE' }],
    ] as const;
    for (const [spec, expected] of cases) {
      const token = await tokenFor(spec as Parameters<typeof createTestClient>[1]);
      const res = await http().get('/v0/whoami').set('Authorization', `Bearer ${token}`);
      const clientId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).client_id;
      expect([res.status, res.body]).toEqual([200, { ...expected, clientId }]);
    }
  });

  it('asks for a token with WWW-Authenticate and resource_metadata when none is sent', async () => {
    const res = await http().get('/v0/whoami').expect(401);
    expect(res.headers['www-authenticate']).toBe(`Bearer realm="public", resource_metadata="${gateway.url}/.well-known/oauth-protected-resource"`);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({ type: '/problems/unauthorized', title: 'Unauthorized', status: 401, detail: 'A bearer access token is required.' });
  });

  describe('refuses every attack with 401 invalid_token', () => {
    const expectRefused = async (token: string) => {
      const res = await http().get('/v0/whoami').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="public", error="invalid_token", error_description="[^"]+", resource_metadata="/);
      expect(res.body.type).toBe('/problems/invalid-token');
      return res;
    };

    it('a valid forged-claims baseline is accepted (so the cases below test one thing each)', async () => {
      await http()
        .get('/v0/whoami')
        .set('Authorization', `Bearer ${await forged({})}`)
        .expect(200);
    });

    it('alg none', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
      const [, payload] = (await forged({})).split('.');
      await expectRefused(`${header}.${payload}.`);
    });

    it('HS256 signed with the public key', async () => {
      const res = await http().get('/.well-known/jwks.json');
      const { kid } = res.body.keys[0];
      const { importJWK } = await import('jose');
      const publicPem = await exportSPKI((await importJWK(res.body.keys[0], 'RS256', { extractable: true })) as Parameters<typeof exportSPKI>[0]);
      const [, payload] = (await forged({})).split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'at+jwt', kid })).toString('base64url');
      const { createHmac } = await import('node:crypto');
      const signature = createHmac('sha256', publicPem).update(`${header}.${payload}`).digest('base64url');
      await expectRefused(`${header}.${payload}.${signature}`);
    });

    it('expired', async () => {
      const now = Math.floor(Date.now() / 1000);
      const res = await expectRefused(await forged({ iat: now - 3600, nbf: now - 3600, exp: now - 120 }));
      expect(res.body.detail).toBe('The token has expired.');
    });

    it('not yet valid', async () => {
      const now = Math.floor(Date.now() / 1000);
      await expectRefused(await forged({ nbf: now + 600, exp: now + 1200 }));
    });

    it('wrong issuer', async () => {
      const key = await signingKey();
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ client_id: 'cl_x', client_type: 'SERVICE' })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key.kid })
        .setIssuer('https://evil.example')
        .setSubject('cl_x')
        .setAudience(gateway.url)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .setJti(randomUUID())
        .sign(key.privateKey);
      await expectRefused(token);
    });

    it('wrong audience: an internal-audience token', async () => {
      const internal = await tokenFor({ type: 'SERVICE', audience: 'internal' });
      const res = await expectRefused(internal);
      expect(res.body.detail).toBe('The token is not meant for this gateway.');
    });

    it('unknown kid', async () => {
      await expectRefused(await forged({ header: { kid: 'no-such-key' } }));
    });

    it('a key of our own with a kid of theirs', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const real = await forged({});
      const { kid } = decodeProtectedHeader(real);
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ client_id: 'cl_x', client_type: 'SERVICE' })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: kid as string })
        .setIssuer(gateway.url)
        .setSubject('cl_x')
        .setAudience(gateway.url)
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .setJti(randomUUID())
        .sign(privateKey);
      await expectRefused(token);
    });

    it('tampered payload', async () => {
      const [header, payload, signature] = (await tokenFor({ type: 'ORGANIZATION', organizationId: org.organizationId })).split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      claims.client_type = 'SERVICE';
      await expectRefused(`${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`);
    });

    it('not an access token (typ JWT)', async () => {
      await expectRefused(await forged({ header: { typ: 'JWT' } }));
    });

    describe("RFC 8725 and RFC 7515 checks, on tokens signed with the gateway's own key", () => {
      const signed = (change: { claims?: Record<string, unknown>; header?: Record<string, unknown> }) =>
        signTestToken(database.url, { issuer: gateway.url, audience: gateway.url, clientId: forgedClientId, ...change });
      const now = () => Math.floor(Date.now() / 1000);

      it('the baseline, and one audience given as an array, are accepted', async () => {
        await http()
          .get('/v0/whoami')
          .set('Authorization', `Bearer ${await signed({})}`)
          .expect(200);
        await http()
          .get('/v0/whoami')
          .set('Authorization', `Bearer ${await signed({ claims: { aud: [gateway.url] } })}`)
          .expect(200);
      });

      // Each case is built when it runs: the gateway's URL and the time are known then.
      type Change = Parameters<typeof signed>[0];
      it.each<[string, () => Change, string]>([
        [
          'a crit header',
          () => ({ header: { crit: ['urn:example:policy'], 'urn:example:policy': 'x' } }),
          'The token requires header extensions (crit) this gateway does not understand.',
        ],
        ['an empty crit header', () => ({ header: { crit: [] } }), 'The token requires header extensions (crit) this gateway does not understand.'],
        ['iat in the future beyond the clock skew', () => ({ claims: { iat: now() + 120 } }), 'The token was issued in the future.'],
        [
          'exp - iat longer than the longest lifetime the issuer grants (3600 s)',
          () => ({ claims: { exp: now() + 3660 } }),
          'The token lives longer than this issuer grants.',
        ],
        ['no iat', () => ({ claims: { iat: undefined } }), 'The token does not say when it was issued.'],
        [
          'an audience array naming another audience too',
          () => ({ claims: { aud: [gateway.url, 'https://other.example'] } }),
          'The token is not meant for this gateway.',
        ],
      ])('%s', async (_name, change, detail) => {
        const res = await expectRefused(await signed(change()));
        expect(res.body.detail).toBe(detail);
      });
    });

    it('token of a revoked client', async () => {
      const c = await createTestClient(database.url, { type: 'SERVICE' });
      const res = await http()
        .post('/oauth2/token')
        .type('form')
        .send(new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret }).toString());
      await database.db.query('UPDATE api_clients SET revoked_at = now() WHERE client_id = $1', [c.clientId]);
      await expectRefused(res.body.access_token);
    });
  });

  describe('a failure of the gateway while it checks a valid token is not a 401', () => {
    afterEach(() => jest.restoreAllMocks());

    it('the database unreachable for the revocation check: 503 problem with Retry-After', async () => {
      const token = await tokenFor({ type: 'SERVICE' });
      jest
        .spyOn(gateway.app.get(RevocationCheck), 'isRevoked')
        .mockRejectedValueOnce(new ServiceUnavailableProblem('The database is unreachable; try again shortly.'));
      const res = await http().get('/v0/whoami').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(res.body).toEqual(expect.objectContaining({ status: 503, detail: 'The database is unreachable; try again shortly.' }));
      await http().get('/v0/whoami').set('Authorization', `Bearer ${token}`).expect(200);
    });

    it('an unexpected error: 500 problem, not "a bearer access token is required"', async () => {
      const token = await tokenFor({ type: 'SERVICE' });
      jest.spyOn(gateway.app.get(RevocationCheck), 'isRevoked').mockRejectedValueOnce(new Error('boom'));
      const res = await http().get('/v0/whoami').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(500);
      expect(res.headers['www-authenticate']).toBeUndefined();
      expect(JSON.stringify(res.body)).not.toMatch(/boom|bearer access token/i);
    });
  });

  it('does not turn a flood of unknown kids into a flood of key-set loads, nor fetch its own key set over HTTP', async () => {
    const before = gateway.requests.get('/.well-known/jwks.json') ?? 0;
    const loads = jest.spyOn(gateway.app.get<KeySetSource>(KEY_SET_SOURCE, { strict: false }), 'load');
    const started = Date.now();
    for (let i = 0; i < 40; i++) {
      await http()
        .get('/v0/whoami')
        .set('Authorization', `Bearer ${await forged({ header: { kid: `random-${randomUUID()}` } })}`)
        .expect(401);
    }
    // One load per on-demand interval at most (the first unknown kid may start one).
    expect(loads.mock.calls.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / ON_DEMAND_GAP_MS));
    expect((gateway.requests.get('/.well-known/jwks.json') ?? 0) - before).toBe(0);
    loads.mockRestore();
  });
});
