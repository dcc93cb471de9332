// POST /oauth2/token as spec 4.2 and section 7 describe it, both auth methods, every rule.
import request from 'supertest';
import { ApiClientRepository, Database } from '@gateway/persistence';
import { hashClientSecret } from '@gateway/domain';
import { createTestClient, seedOrganization } from '@gateway/testing';
import { RunningGateway, startPublicGateway, usePublicGateway } from './support/start-public-gateway';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id).replace(/%20/g, '+')}:${encodeURIComponent(secret).replace(/%20/g, '+')}`).toString('base64')}`;

describe('POST /oauth2/token', () => {
  const { database, gateway } = usePublicGateway({
    FAILED_AUTH_LIMIT_PER_CLIENT: '3',
    FAILED_AUTH_LIMIT_PER_ADDRESS: '1000',
    TOKEN_RATE_LIMIT_PER_MINUTE: '5',
    TRUST_PROXY: 'true',
  });
  let post: { clientId: string; clientSecret: string };
  let basicClient: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    await seedOrganization(database.db);
    post = await createTestClient(database.url, { type: 'SERVICE' });
    basicClient = await createTestClient(database.url, { type: 'SERVICE', authMethod: 'client_secret_basic' });
  });

  const token = () => request(gateway.app.getHttpServer()).post('/oauth2/token');

  it('issues a token to a client_secret_post client, with no-store caching', async () => {
    const res = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    const [, payload] = res.body.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('echoes the scope only when one was requested', async () => {
    const res = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret, scope: 'orders:write inventory:read' }));
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('orders:write inventory:read');
  });

  it('issues a token to a client_secret_basic client', async () => {
    const res = await token()
      .set('Authorization', basic(basicClient.clientId, basicClient.clientSecret))
      .type('form')
      .send(form({ grant_type: 'client_credentials' }));
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('bearer');
  });

  it('form-urlencodes Basic credentials before base64: ids and secrets with ":" "%" "+" and spaces', async () => {
    const db = new Database({ url: database.url, poolMax: 1 });
    const clientId = 'partner:shop %1+ two';
    const clientSecret = 's3cr:t %41+ with spaces';
    await new ApiClientRepository().insert(db, {
      clientId,
      secretHash: hashClientSecret(clientSecret),
      clientType: 'SERVICE',
      authMethod: 'client_secret_basic',
      audience: 'public',
      name: null,
      userId: null,
      organizationId: null,
      connectionIds: [],
    });
    await db.close();
    const ok = await token()
      .set('Authorization', basic(clientId, clientSecret))
      .type('form')
      .send(form({ grant_type: 'client_credentials' }));
    expect(ok.status).toBe(200);
    // The same credentials base64-encoded without form-urlencoding first are refused: '%1+' is no valid escape.
    const raw = await token()
      .set('Authorization', `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`)
      .type('form')
      .send(form({ grant_type: 'client_credentials' }));
    expect([raw.status, raw.body]).toEqual([400, { error: 'invalid_request', error_description: 'The Basic credentials are not validly form-urlencoded.' }]);
  });

  it('answers credentials of the other method with 401 invalid_client naming the registered method', async () => {
    const viaBasic = await token()
      .set('Authorization', basic(post.clientId, post.clientSecret))
      .type('form')
      .send(form({ grant_type: 'client_credentials' }));
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers['www-authenticate']).toMatch(/^Basic /);
    expect(viaBasic.headers['cache-control']).toBe('no-store');
    expect(viaBasic.body).toEqual({ error: 'invalid_client', error_description: expect.stringContaining('client_secret_post') });
    const viaPost = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: basicClient.clientId, client_secret: basicClient.clientSecret }));
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
    const grant = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials\u0000', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    const scope = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret, scope: 'a\u0000' }));
    expect(scope.status).toBe(400);
    expect(scope.body).toEqual({ error: 'invalid_scope', error_description: expect.any(String) });
  });

  it('treats a field sent without a value as omitted (RFC 6749 section 3.1)', async () => {
    const emptyScope = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret, scope: '' }));
    expect(emptyScope.status).toBe(200);
    expect(emptyScope.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
    const emptyGrant = await token()
      .type('form')
      .send(form({ grant_type: '', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(emptyGrant.status).toBe(400);
    expect(emptyGrant.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('grant_type') });
    const emptyId = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: '', client_secret: post.clientSecret }));
    expect(emptyId.status).toBe(400);
    expect(emptyId.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('client_id') });
    // An empty client_id and client_secret beside Basic credentials are omitted, not a second method.
    const basicWithEmpty = await token()
      .set('Authorization', basic(basicClient.clientId, basicClient.clientSecret))
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: '', client_secret: '' }));
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
      token()
        .type('form')
        .send(`grant_type=client_credentials&pad=${'x'.repeat(20_000)}`),
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
    expect(res.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'No operation is served at POST /oauth2/token/extra.' });
    const get = await request(gateway.app.getHttpServer()).get('/oauth2/token/extra');
    expect(get.status).toBe(404);
    expect(get.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'No operation is served at GET /oauth2/token/extra.' });
  });

  it('authenticates the client before it looks at the grant', async () => {
    const badBoth = await token()
      .type('form')
      .send(form({ grant_type: 'password', client_id: post.clientId, client_secret: 'wrong' }));
    expect(badBoth.status).toBe(401);
    expect(badBoth.body.error).toBe('invalid_client');
    const badGrant = await token()
      .type('form')
      .send(form({ grant_type: 'password', client_id: post.clientId, client_secret: post.clientSecret }));
    expect(badGrant.status).toBe(400);
    expect(badGrant.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    const noGrant = await token()
      .type('form')
      .send(form({ client_id: post.clientId, client_secret: post.clientSecret }));
    expect(noGrant.status).toBe(400);
    expect(noGrant.body.error).toBe('invalid_request');
  });

  it.each([
    ['a duplicated grant_type', 'grant_type=client_credentials&grant_type=client_credentials'],
    ['a grant_type over 1,024 characters', `grant_type=${'g'.repeat(1100)}`],
  ])('answers bad credentials with 401 even beside %s (spec 4.2 rule 5)', async (_name, grant) => {
    const guesser = await createTestClient(database.url, { type: 'SERVICE' });
    const viaPost = await token()
      .type('form')
      .send(`${grant}&${form({ client_id: guesser.clientId, client_secret: 'wrong' })}`);
    expect(viaPost.status).toBe(401);
    expect(viaPost.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    const viaBasic = await token().set('Authorization', basic(basicClient.clientId, 'wrong')).type('form').send(grant);
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('judges a duplicated or overlong grant_type after authentication', async () => {
    const credentials = form({ client_id: post.clientId, client_secret: post.clientSecret });
    const twice = await token().type('form').send(`grant_type=client_credentials&grant_type=client_credentials&${credentials}`);
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ error: 'invalid_request', error_description: 'grant_type must be sent once.' });
    const long = await token()
      .type('form')
      .send(`grant_type=${'g'.repeat(1100)}&${credentials}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
  });

  it('accepts Basic credentials beside a client_id in the body naming the same client', async () => {
    const res = await token()
      .set('Authorization', basic(basicClient.clientId, basicClient.clientSecret))
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: basicClient.clientId }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
  });

  it('refuses Basic credentials beside a client_id naming another client, or beside a client_secret', async () => {
    const other = await token()
      .set('Authorization', basic(basicClient.clientId, basicClient.clientSecret))
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: post.clientId }));
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ error: 'invalid_request', error_description: 'The client_id in the body names another client than the Basic credentials.' });
    const secret = await token()
      .set('Authorization', basic(basicClient.clientId, basicClient.clientSecret))
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_secret: basicClient.clientSecret }));
    expect(secret.status).toBe(400);
    expect(secret.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('both client_secret_basic and client_secret_post') });
  });

  it('ignores unknown parameters whatever their length (RFC 6749 section 3.2)', async () => {
    const res = await token()
      .type('form')
      .send(
        form({ grant_type: 'client_credentials', client_id: post.clientId, client_secret: post.clientSecret, resource_hint: 'r'.repeat(5000), extra: 'a' }) +
          '&extra=b',
      );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
  });

  it('challenges every 401 with WWW-Authenticate: Basic and the realm, whichever method was used (RFC 9110 section 15.5.2)', async () => {
    const viaPost = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: 'cl_nobody_post', client_secret: 'x' }));
    expect(viaPost.status).toBe(401);
    expect(viaPost.headers['www-authenticate']).toBe('Basic realm="token", charset="UTF-8"');
    const viaBasic = await token()
      .set('Authorization', basic('cl_nobody_basic', 'x'))
      .type('form')
      .send(form({ grant_type: 'client_credentials' }));
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers['www-authenticate']).toBe('Basic realm="token", charset="UTF-8"');
  });

  it('refuses an unknown client and a revoked one with 401 invalid_client', async () => {
    const unknown = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: 'cl_nobody', client_secret: 'x' }));
    expect(unknown.status).toBe(401);
    const revoked = await createTestClient(database.url, { type: 'SERVICE' });
    await database.db.query('UPDATE api_clients SET revoked_at = now() WHERE client_id = $1', [revoked.clientId]);
    const res = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: revoked.clientId, client_secret: revoked.clientSecret }));
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('throttles failed authentications per client and address: past the limit a wrong secret answers 429, the right one is still accepted', async () => {
    const victim = await createTestClient(database.url, { type: 'SERVICE' });
    const from = (address: string, secret: string) =>
      token()
        .set('X-Forwarded-For', address)
        .type('form')
        .send(form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: secret }));
    for (let i = 0; i < 3; i++) expect((await from('127.0.0.2', 'guess')).status).toBe(401);
    const locked = await from('127.0.0.2', 'another guess');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.headers['cache-control']).toBe('no-store');
    expect(locked.body).toEqual({ error: 'slow_down', error_description: 'Too many failed authentications; try again later.' });
    const holder = await from('127.0.0.2', victim.clientSecret);
    expect([holder.status, holder.body]).toEqual([200, { access_token: expect.any(String), token_type: 'bearer', expires_in: 900 }]);
  });

  it('leaves the failure counters untouched with the right secret, also after failures from the same address', async () => {
    const holder = await createTestClient(database.url, { type: 'SERVICE' });
    const from = (secret: string) =>
      token()
        .set('X-Forwarded-For', '127.0.0.40')
        .type('form')
        .send(form({ grant_type: 'client_credentials', client_id: holder.clientId, client_secret: secret }));
    /** Every failure counter of the database (rate-limiter-flexible's rows), by key. */
    const counters = async () =>
      Object.fromEntries(
        (await database.db.query<{ key: string; points: number }>("SELECT key, points FROM rate_limits WHERE key LIKE 'auth-fail%' ORDER BY key")).rows.map(
          (r) => [r.key, r.points],
        ),
      );
    const before = await counters();
    for (let i = 0; i < 2; i++) expect((await from('guess')).status).toBe(401);
    const failed = await counters();
    // Two failures, counted per client and address and per address: two counters more, at 2 each.
    expect(
      Object.entries(failed)
        .filter(([key]) => !(key in before))
        .map(([, points]) => Number(points)),
    ).toEqual([2, 2]);
    for (let i = 0; i < 3; i++) expect((await from(holder.clientSecret)).status).toBe(200);
    expect(await counters()).toEqual(failed);
    // The third failure is the third: the limit (3) is not yet passed, so it is answered 401; the fourth waits.
    expect((await from('guess')).status).toBe(401);
    expect((await from('guess')).status).toBe(429);
  });

  it("accepts each client's right secret from an address every caller shares (a proxy the gateway does not trust), however many wrong secrets came from it", async () => {
    // No TRUST_PROXY: every caller has the test connection's address, as every caller has the proxy's behind an untrusted one.
    const replica = await startPublicGateway(database.url, { FAILED_AUTH_LIMIT_PER_CLIENT: '3', FAILED_AUTH_LIMIT_PER_ADDRESS: '5' });
    try {
      const clients = [await createTestClient(database.url, { type: 'SERVICE' }), await createTestClient(database.url, { type: 'SERVICE' })];
      const send = (clientId: string, secret: string) =>
        request(replica.app.getHttpServer())
          .post('/oauth2/token')
          .type('form')
          .send(form({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }));
      // Strangers spray client ids past the address's limit (earlier tests may have counted some failures there already)...
      const sprayed: number[] = [];
      for (let i = 0; i < 8; i++) sprayed.push((await send(`cl_spray_${i}`, 'guess')).status);
      expect(sprayed.slice(-3)).toEqual([429, 429, 429]);
      expect(sprayed.join()).toMatch(/^(401,)*429(,429)*$/);
      // ...and guess both clients' secrets: every wrong secret is slowed down, the right ones are accepted.
      for (const client of clients) {
        const wrong: number[] = [];
        for (let i = 0; i < 4; i++) wrong.push((await send(client.clientId, `guess-${i}`)).status);
        expect(wrong).toEqual([429, 429, 429, 429]);
        const right = await send(client.clientId, client.clientSecret);
        expect(right.headers['cache-control']).toBe('no-store');
        expect([right.status, right.body]).toEqual([200, { access_token: expect.any(String), token_type: 'bearer', expires_in: 900 }]);
      }
    } finally {
      await replica.close();
    }
  });

  it('never refuses the right secret because of failures from another address', async () => {
    const victim = await createTestClient(database.url, { type: 'SERVICE' });
    const from = (address: string, secret: string) =>
      token()
        .set('X-Forwarded-For', address)
        .type('form')
        .send(form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: secret }));
    const strangers: number[] = [];
    for (let i = 0; i < 50; i++) strangers.push((await from('127.0.0.3', `guess-${i}`)).status);
    expect(strangers).toEqual([401, 401, 401, ...Array(47).fill(429)]);
    const holder = await from('127.0.0.4', victim.clientSecret);
    expect(holder.status).toBe(200);
    expect(holder.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900 });
  });

  it('counts an IPv6 address by its /64: another address of the same block is the same source', async () => {
    const victim = await createTestClient(database.url, { type: 'SERVICE' });
    const from = (address: string, secret: string) =>
      token()
        .set('X-Forwarded-For', address)
        .type('form')
        .send(form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: secret }));
    for (let i = 0; i < 3; i++) expect((await from(`2001:db8:1:2::${i + 1}`, 'guess')).status).toBe(401);
    expect((await from('2001:db8:1:2:ffff::9', 'guess')).status).toBe(429);
    expect((await from('2001:db8:1:3::1', victim.clientSecret)).status).toBe(200);
  });

  describe('X-Forwarded-For with TRUST_PROXY=true (one proxy, which appends the address it saw)', () => {
    const from = (forwardedFor: string | undefined, client: { clientId: string }, secret: string) => {
      const req = token();
      if (forwardedFor !== undefined) req.set('X-Forwarded-For', forwardedFor);
      return req.type('form').send(form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret }));
    };

    it.each([
      ['1,000 characters', 'x'.repeat(1000)],
      ['1,000 characters of commas and addresses', Array(100).fill('127.0.0.9').join(',').slice(0, 1000)],
      ['garbage', 'not an address'],
      ['an address with a port', '127.0.0.9:8080'],
      ['a bracketed IPv6 address', '[::1]'],
      ['a bracketed IPv6 address with a port', '[::1]:8080'],
      ['an IPv6 address with a zone', 'fe80::1%eth0'],
      ['empty entries', ' , ,'],
    ])('answers as without the header whatever it holds: %s', async (_name, forwardedFor) => {
      const client = await createTestClient(database.url, { type: 'SERVICE' });
      const wrong = await from(forwardedFor, client, 'guess');
      expect([wrong.status, wrong.body]).toEqual([401, { error: 'invalid_client', error_description: 'Client authentication failed.' }]);
      const right = await from(forwardedFor, client, client.clientSecret);
      expect([right.status, right.body]).toEqual([200, { access_token: expect.any(String), token_type: 'bearer', expires_in: 900 }]);
    });

    it('counts failures behind a garbage header against the connection, as without the header', async () => {
      const victim = await createTestClient(database.url, { type: 'SERVICE' });
      for (const forwardedFor of ['x'.repeat(1000), '127.0.0.13:80', '[127.0.0.13]']) expect((await from(forwardedFor, victim, 'guess')).status).toBe(401);
      // Three failures of this client from the test's own connection: its next wrong secret waits there, not elsewhere.
      expect((await from(undefined, victim, 'guess')).status).toBe(429);
      expect((await from('127.0.0.14', victim, 'guess')).status).toBe(401);
    });

    it('takes the right-most address, the one the proxy appended: addresses a caller puts before it name no other source', async () => {
      const victim = await createTestClient(database.url, { type: 'SERVICE' });
      for (let i = 0; i < 3; i++) expect((await from(`203.0.113.${i + 1}, 127.0.0.15`, victim, 'guess')).status).toBe(401);
      const locked = await from('203.0.113.99, 127.0.0.15', victim, 'guess');
      expect([locked.status, locked.body.error]).toEqual([429, 'slow_down']);
      expect((await from('127.0.0.15, 127.0.0.16', victim, 'guess')).status).toBe(401);
    });

    it('with TRUST_PROXY=2, takes the second address from the right', async () => {
      const replica = await startPublicGateway(database.url, { FAILED_AUTH_LIMIT_PER_CLIENT: '3', TRUST_PROXY: '2' });
      try {
        const victim = await createTestClient(database.url, { type: 'SERVICE' });
        const at = (forwardedFor: string, secret: string) =>
          request(replica.app.getHttpServer())
            .post('/oauth2/token')
            .set('X-Forwarded-For', forwardedFor)
            .type('form')
            .send(form({ grant_type: 'client_credentials', client_id: victim.clientId, client_secret: secret }));
        for (let i = 0; i < 3; i++) expect((await at(`203.0.113.${i + 1}, 127.0.0.17, 127.0.0.${20 + i}`, 'guess')).status).toBe(401);
        expect((await at('127.0.0.17, 127.0.0.30', 'guess')).status).toBe(429);
        expect((await at('127.0.0.17, 127.0.0.18, 127.0.0.30', 'guess')).status).toBe(401);
      } finally {
        await replica.close();
      }
    });
  });

  it('answers a wrong secret for a client_id of 2,000 characters with 401, like any other', async () => {
    const res = await token()
      .type('form')
      .send(form({ grant_type: 'client_credentials', client_id: `cl_${'x'.repeat(1997)}`, client_secret: 'guess' }));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('answers a client_id of 2,000 characters with 401 on a fresh replica too (its statement still planned per value)', async () => {
    // A new gateway's counter connections plan the token request's statement for each value at first;
    // a minting key over the column's 255 characters then failed the request with 500.
    const replica = await startPublicGateway(database.url);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await request(replica.app.getHttpServer())
          .post('/oauth2/token')
          .type('form')
          .send(form({ grant_type: 'client_credentials', client_id: `cl_${'y'.repeat(1997)}`, client_secret: 'guess' }));
        expect([res.status, res.body.error]).toEqual([401, 'invalid_client']);
      }
    } finally {
      await replica.close();
    }
  });

  it('limits tokens minted per client: 429 slow_down with Retry-After', async () => {
    const greedy = await createTestClient(database.url, { type: 'SERVICE' });
    const answers: request.Response[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        await token()
          .type('form')
          .send(form({ grant_type: 'client_credentials', client_id: greedy.clientId, client_secret: greedy.clientSecret })),
      );
    }
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(Number(answers[5].headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[5].body).toEqual({ error: 'slow_down', error_description: expect.any(String) });
  });

  it('counts only tokens it mints: refused requests do not use up the minting limit of the client', async () => {
    const holder = await createTestClient(database.url, { type: 'SERVICE' });
    const send = (fields: Record<string, string>, address = '127.0.0.6') => token().set('X-Forwarded-For', address).type('form').send(form(fields));
    const refused = [
      await send({ grant_type: 'client_credentials', client_id: holder.clientId, client_secret: 'guess' }, '127.0.0.5'),
      await send({ grant_type: 'password', client_id: holder.clientId, client_secret: holder.clientSecret }),
      await send({ grant_type: 'client_credentials', scope: 'a\\b', client_id: holder.clientId, client_secret: holder.clientSecret }),
      await token()
        .set('X-Forwarded-For', '127.0.0.6')
        .set('Authorization', basic(holder.clientId, holder.clientSecret))
        .type('form')
        .send(form({ grant_type: 'client_credentials' })),
    ];
    expect(refused.map((res) => [res.status, res.body.error])).toEqual([
      [401, 'invalid_client'],
      [400, 'unsupported_grant_type'],
      [400, 'invalid_scope'],
      [401, 'invalid_client'],
    ]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await send({ grant_type: 'client_credentials', client_id: holder.clientId, client_secret: holder.clientSecret })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts the right secret from an address past its failure limit as a minted token, and wrong secrets slowed down there as none', async () => {
    const holder = await createTestClient(database.url, { type: 'SERVICE' });
    const from = (address: string, secret: string) =>
      token()
        .set('X-Forwarded-For', address)
        .type('form')
        .send(form({ grant_type: 'client_credentials', client_id: holder.clientId, client_secret: secret }));
    for (let i = 0; i < 3; i++) expect((await from('127.0.0.7', 'guess')).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await from('127.0.0.7', 'guess')).status).toBe(429);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await from('127.0.0.7', holder.clientSecret)).status);
    for (let i = 0; i < 3; i++) statuses.push((await from('127.0.0.8', holder.clientSecret)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('holds the minting limit across replicas: two gateways on one database share the count', async () => {
    const replica = await startPublicGateway(database.url, { TOKEN_RATE_LIMIT_PER_MINUTE: '5' });
    try {
      const shared = await createTestClient(database.url, { type: 'SERVICE' });
      const mint = (app: RunningGateway) =>
        request(app.app.getHttpServer())
          .post('/oauth2/token')
          .type('form')
          .send(form({ grant_type: 'client_credentials', client_id: shared.clientId, client_secret: shared.clientSecret }));
      const statuses: number[] = [];
      for (const app of [gateway, replica, gateway, replica, gateway, replica]) statuses.push((await mint(app)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await replica.close();
    }
  });

  it('refuses a client revoked after it minted at once, on every replica', async () => {
    const replica = await startPublicGateway(database.url);
    try {
      const client = await createTestClient(database.url, { type: 'SERVICE' });
      const mint = (app: RunningGateway) =>
        request(app.app.getHttpServer())
          .post('/oauth2/token')
          .type('form')
          .send(form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }));
      expect((await mint(gateway)).status).toBe(200);
      expect((await mint(replica)).status).toBe(200);
      await new ApiClientRepository().revoke(database.db, client.clientId);
      for (const app of [gateway, replica]) {
        const res = await mint(app);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed.' });
      }
    } finally {
      await replica.close();
    }
  });

  describe("a replica's view of the clients it has authenticated (TokenStateView)", () => {
    const mintAt = (app: RunningGateway, client: { clientId: string }, secret: string, address = '127.0.0.10') =>
      request(app.app.getHttpServer())
        .post('/oauth2/token')
        .set('X-Forwarded-For', address)
        .type('form')
        .send(form({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret }));

    it('holds a client once it has minted for it, and a change committed elsewhere reaches it at once: a new secret, failures counted by another replica', async () => {
      const replica = await startPublicGateway(database.url, {
        FAILED_AUTH_LIMIT_PER_CLIENT: '3',
        FAILED_AUTH_LIMIT_PER_ADDRESS: '1000',
        TOKEN_RATE_LIMIT_PER_MINUTE: '5',
        TRUST_PROXY: 'true',
      });
      try {
        const client = await createTestClient(database.url, { type: 'SERVICE' });
        for (const app of [gateway, replica]) expect((await mintAt(app, client, client.clientSecret)).status).toBe(200);

        await database.db.query('UPDATE api_clients SET secret_hash = $2 WHERE client_id = $1', [client.clientId, hashClientSecret('the new secret')]);
        for (const app of [gateway, replica]) {
          const old = await mintAt(app, client, client.clientSecret);
          expect([old.status, old.body]).toEqual([401, { error: 'invalid_client', error_description: 'Client authentication failed.' }]);
          expect((await mintAt(app, client, 'the new secret')).status).toBe(200);
        }

        for (let i = 0; i < 3; i++) expect((await mintAt(replica, client, 'guess', '127.0.0.11')).status).toBe(401);
        const locked = await mintAt(gateway, client, 'guess', '127.0.0.11');
        expect(locked.status).toBe(429);
        expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
        expect(locked.body).toEqual({ error: 'slow_down', error_description: 'Too many failed authentications; try again later.' });
        expect((await mintAt(gateway, client, 'the new secret', '127.0.0.11')).status).toBe(200);
        expect((await mintAt(gateway, client, 'guess', '127.0.0.12')).status).toBe(401);
      } finally {
        await replica.close();
      }
    });

    it('leases minting points a sixteenth of the limit at a time, and never mints past the limit across replicas', async () => {
      const settings = { TOKEN_RATE_LIMIT_PER_MINUTE: '64', TRUST_PROXY: 'true' };
      const [a, b] = [await startPublicGateway(database.url, settings), await startPublicGateway(database.url, settings)];
      try {
        const client = await createTestClient(database.url, { type: 'SERVICE' });
        const counter = async () =>
          (await database.db.query<{ points: number }>('SELECT points FROM rate_limits WHERE key = $1', [`token-mint:${client.clientId}`])).rows[0].points;
        // a: its first mint is read and counted in the database; its second leases 4 points and keeps 3.
        for (let i = 0; i < 2; i++) expect((await mintAt(a, client, client.clientSecret)).status).toBe(200);
        expect(await counter()).toBe(5);
        // b mints what is left but a's 3 points: 59 tokens, then 429 until the window ends.
        const statuses: number[] = [];
        for (let i = 0; i < 60; i++) statuses.push((await mintAt(b, client, client.clientSecret)).status);
        expect(statuses).toEqual([...Array(59).fill(200), 429]);
        expect(await counter()).toBe(64);
        // a still mints its 3 leased points, then is refused too: 64 tokens in all.
        const rest: request.Response[] = [];
        for (let i = 0; i < 4; i++) rest.push(await mintAt(a, client, client.clientSecret));
        expect(rest.map((res) => res.status)).toEqual([200, 200, 200, 429]);
        expect(Number(rest[3].headers['retry-after'])).toBeGreaterThan(0);
        expect(rest[3].body).toEqual({
          error: 'slow_down',
          error_description: 'Too many tokens minted for this client; reuse a token until shortly before it expires.',
        });
        expect(await counter()).toBe(64);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
});
