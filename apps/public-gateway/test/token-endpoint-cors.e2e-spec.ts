// CORS on the token endpoint for the origins of TOKEN_CORS_ORIGINS only (the internal gateway's Swagger UI
// mints staff tokens here from its own origin): their preflight and their token request are answered with
// the CORS headers; any other origin gets none, and its preflight finds no operation.
import request from 'supertest';
import { createTestClient } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

const STAFF_TOOLS = 'http://localhost:3001';
const ELSEWHERE = 'http://127.0.0.2:8080';

describe('CORS on the token endpoint', () => {
  const { database, gateway } = usePublicGateway({ TOKEN_CORS_ORIGINS: `${STAFF_TOOLS},http://127.0.0.1:3999` });
  const http = () => request(gateway.app.getHttpServer());
  const preflight = (origin: string) =>
    http()
      .options('/oauth2/token')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');

  it('answers the preflight of a configured origin', async () => {
    const res = await preflight(STAFF_TOOLS);
    expect(res.status).toBe(204);
    expect(res.headers).toEqual(
      expect.objectContaining({
        'access-control-allow-origin': STAFF_TOOLS,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'Authorization,Content-Type,Accept',
        'access-control-max-age': '600',
        vary: 'Origin',
      }),
    );
  });

  it('lets a page of a configured origin read the token answer (client_secret_basic, as Swagger UI sends it)', async () => {
    const client = await createTestClient(database.url, { type: 'SERVICE', audience: 'internal', authMethod: 'client_secret_basic' });
    const res = await http()
      .post('/oauth2/token')
      .set('Origin', STAFF_TOOLS)
      .auth(client.clientId, client.clientSecret)
      .type('form')
      .send('grant_type=client_credentials');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(STAFF_TOOLS);
    expect(res.body.token_type).toBe('bearer');
  });

  it('gives any other origin no CORS header: its preflight finds no operation, its request is served without one', async () => {
    const refused = await preflight(ELSEWHERE);
    expect(refused.status).toBe(404);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    const client = await createTestClient(database.url, { type: 'SERVICE' });
    const res = await http()
      .post('/oauth2/token')
      .set('Origin', ELSEWHERE)
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS on no other path, for a configured origin either', async () => {
    const res = await http().options('/v0/whoami').set('Origin', STAFF_TOOLS).set('Access-Control-Request-Method', 'GET');
    expect(res.status).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
