// POST /oauth2/token as spec 4.2 and section 7 describe it, both auth methods, every rule.
import request from 'supertest';
import { ApiClientRepository, Database } from '@gateway/persistence';
import { hashClientSecret } from '@gateway/domain';
import { TestDatabase, createTestClient, createTestDatabase, seedOrganization } from '@gateway/testing';
import { RunningGateway, startPublicGateway } from './support/start-public-gateway';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id).replace(/%20/g, '+')}:${encodeURIComponent(secret).replace(/%20/g, '+')}`).toString('base64')}`;

describe('POST /oauth2/token', () => {
  let database: TestDatabase;
  let gateway: RunningGateway;
  let post: { clientId: string; clientSecret: string };
  let basicClient: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    gateway = await startPublicGateway(database.url, { FAILED_AUTH_LIMIT_PER_CLIENT: '3', FAILED_AUTH_LIMIT_PER_ADDRESS: '1000', TOKEN_RATE_LIMIT_PER_MINUTE: '5' });
    await seedOrganization(database.db);
    post = await createTestClient(database.url, { type: 'SERVICE' });
    basicClient = await createTestClient(database.url, { type: 'SERVICE', authMethod: 'client_secret_basic' });
  });

  afterAll(async () => {
    await gateway.close();
    await database.drop();
  });

  const token = () => request(gateway.app.getHttpServer()).post('/oauth2/token');

  it('issues a token to a client_secret_post client, with no-store caching', async () => {
    const res = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    const [, payload] = res.body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('echoes the scope only when one was requested', async () => {
    const res = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret, scope: 'orders:write inventory:read' }));
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('orders:write inventory:read');
  });

  it('issues a token to a client_secret_basic client', async () => {
    const res = await token().set('Authorization', basic(basicClient.clientId, basicClient.clientSecret)).type('form').send(form({ grant_type: 'client_credentials' }));
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('bearer');
  });

  it('form-urlencodes Basic credentials before base64: ids and secrets with ":" "%" "+" and spaces', async () => {
    const db = new Database({ url: database.url, poolMax: 1 });
    const clientId = 'partner:shop %1+ two';
    const clientSecret = 's3cr:t %41+ with spaces';
    await new ApiClientRepository().insert(db, {
      clientId, secretHash: hashClientSecret(clientSecret), clientType: 'SERVICE', authMethod: 'client_secret_basic', audience: 'public',
      name: null, userId: null, organizationId: null, connectionIds: [],
    });
    await db.close();
    const ok = await token().set('Authorization', basic(clientId, clientSecret)).type('form').send(form({ grant_type: 'client_credentials' }));
    expect(ok.status).toBe(200);
    // The same credentials base64-encoded without form-urlencoding first are not the client's.
    const raw = await token().set('Authorization', `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`).type('form').send(form({ grant_type: 'client_credentials' }));
    expect(raw.status).not.toBe(200);
  });

  it('answers credentials of the other method with 401 invalid_client naming the registered method', async () => {
    const viaBasic = await token().set('Authorization', basic(post.clientId, post.clientSecret)).type('form').send(form({ grant_type: 'client_credentials' }));
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers['www-authenticate']).toMatch(/^Basic /);
    expect(viaBasic.headers['cache-control']).toBe('no-store');
    expect(viaBasic.body).toEqual({ error: 'invalid_client', error_description: expect.stringContaining('client_secret_post') });
    const viaPost = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: basicClient.clientId, client_secret: basicClient.clientSecret }));
    expect(viaPost.status).toBe(401);
    expect(viaPost.body).toEqual({ error: 'invalid_client', error_description: expect.stringContaining('client_secret_basic') });
  });

  it.each([
    ['no credentials at all', {}, undefined],
    ['both methods at once', { client_id: 'x', client_secret: 'y' }, basic('x', 'y')],
    ['a Basic header that is not base64', {}, 'Basic !!!not-base64!!!'],
    ['a Basic header without a colon', {}, `Basic ${Buffer.from('no-colon').toString('base64')}`],
    ['a client_id without a secret', { client_id: 'x' }, undefined],
  ])('answers %s with 400 invalid_request', async (_name, fields, authorization) => {
    let req = token().type('form');
    if (authorization) req = req.set('Authorization', authorization);
    const res = await req.send(form({ grant_type: 'client_credentials', ...fields }));
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it.each([
    ['client_id', 'a NUL', 'client_secret_post', { client_id: 'ab\u0000c', client_secret: 'x' }, undefined],
    ['client_secret', 'a NUL', 'client_secret_post', { client_id: 'cl_someone', client_secret: 's\u0000' }, undefined],
    ['client_id', 'a control character', 'client_secret_post', { client_id: 'ab\nc', client_secret: 'x' }, undefined],
    ['client_id', 'a non-ASCII character', 'client_secret_post', { client_id: 'ab\u00e9c', client_secret: 'x' }, undefined],
    ['client_id', 'a NUL', 'client_secret_basic', {}, `Basic ${Buffer.from('ab%00c:x').toString('base64')}`],
    ['client_secret', 'a NUL', 'client_secret_basic', {}, `Basic ${Buffer.from('cl_someone:x%00').toString('base64')}`],
  ])('refuses a %s carrying %s (%s) with 400 invalid_request naming the field', async (field, _what, _method, fields, authorization) => {
    let req = token().type('form');
    if (authorization) req = req.set('Authorization', authorization);
    const res = await req.send(form({ grant_type: 'client_credentials', ...fields }));
    expect(res.status).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining(field) });
  });

  it('keeps a NUL in grant_type or scope away from SQL: refused by their own rules', async () => {
    const grant = await token().type('form').send(form({ grant_type: 'client_credentials\u0000', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    const scope = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret, scope: 'a\u0000' }));
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual({ error: 'invalid_scope', error_description: expect.any(String) });
  });

  it('treats a field sent without a value as omitted (RFC 6749 section 3.1)', async () => {
    const emptyScope = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret, scope: '' }));
    expect(emptyScope.status).toBe(200);
    expect(emptyScope.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    const emptyGrant = await token().type('form').send(form({ grant_type: '', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(emptyGrant.status).toBe(400);
    expect(emptyGrant.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('grant_type') });
    const emptyId = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: '', client_secret: post.clientSecret }));
    expect(emptyId.status).toBe(400);
    expect(emptyId.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('client_id') });
    // An empty client_id and client_secret beside Basic credentials are omitted, not a second method.
    const basicWithEmpty = await token().set('Authorization', basic(basicClient.clientId, basicClient.clientSecret)).type('form').send(form({ grant_type: 'client_credentials', client_id: '', client_secret: '' }));
    expect(basicWithEmpty.status).toBe(200);
  });

  it('accepts only form bodies', async () => {
    const res = await token().send({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('keeps the OAuth error object for bodies refused before the endpoint runs', async () => {
    const cases = [
      token().set('Content-Type', 'application/json').send('{"grant_type":'),
      token().set('Content-Type', 'application/json; charset=utf-16').send('{}'),
      token().type('form').send(`grant_type=client_credentials&pad=${'x'.repeat(20_000)}`),
    ];
    for (const res of await Promise.all(cases)) {
      expect([400, 413, 415]).toContain(res.status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    }
  });

  it('is the token endpoint only at its own path: below it is an ordinary unknown route', async () => {
    // An unknown route's body is not read (nor judged by its media type): 404, a problem body.
    const res = await request(gateway.app.getHttpServer()).post('/oauth2/token/extra').type('form').send('grant_type=client_credentials');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No operation is served at POST /oauth2/token/extra.' });
    const get = await request(gateway.app.getHttpServer()).get('/oauth2/token/extra');
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No operation is served at GET /oauth2/token/extra.' });
  });

  it('authenticates the client before it looks at the grant', async () => {
    const badBoth = await token().type('form').send(form({ grant_type: 'password', client_id: post.clientId, client_secret: 'wrong' }));
    expect(badBoth.status).toBe(401);
    expect(badBoth.body.error).toBe('invalid_client');
    const badGrant = await token().type('form').send(form({ grant_type: 'password', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(badGrant.status).toBe(400);
    expect(badGrant.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    const noGrant = await token().type('form').send(form({ client_id: post.clientId, client_secret: post.clientSecret }));
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.error).toBe('invalid_request');
  });

  it('refuses an unknown client and a revoked one with 401 invalid_client', async () => {
    const unknown = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: 'cl_nobody', client_secret: 'x' }));
    expect(unknown.status).toBe(401);
    const revoked = await createTestClient(database.url, { type: 'SERVICE' });
    await database.db.query('UPDATE api_clients SET revoked_at = now() WHERE client_id = $1', [revoked.clientId]);
    const res = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: revoked.clientId, client_secret: revoked.clientSecret }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('locks out a client id after repeated failed authentications, before checking any secret', async () => {
    const victim = await createTestClient(database.url, { type: 'SERVICE' });
    for (let i = 0; i < 3; i++) {
      const res = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: 'guess' }));
      expect(res.status).toBe(401);
    }
    const locked = await token().type('form').send(form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: victim.clientSecret }));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['cache-control']).toBe('no-store');
    expect(locked.body).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
  });

  it('limits tokens minted per client', async () => {
    const greedy = await createTestClient(database.url, { type: 'SERVICE' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await token().type('form').send(form({ grant_type: 'client_credentials', client_id: greedy.clientId, client_secret: greedy.clientSecret }))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
