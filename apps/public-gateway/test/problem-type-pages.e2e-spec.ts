// Problem types resolve on the public gateway: each type the document lists answers a page without a
// token, and the answers an integrator meets first (401, 403, 404, 400) carry such a type, never about:blank.
import request from 'supertest';
import { documentedProblemTypes, problemTypePageFailures, seedOrganization } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';
import { mintToken } from './support/caller-tokens';

describe('problem type pages on the public gateway', () => {
  const { database, gateway } = usePublicGateway();
  const http = () => request(gateway.app.getHttpServer());

  it('lists the problem types in the document, and each answers its page without a token', async () => {
    const document = (await http().get('/openapi.json').expect(200)).body;
    const types = documentedProblemTypes(document);
    expect(types).toEqual(
      expect.arrayContaining([
        '/problems/unauthorized',
        '/problems/invalid-token',
        '/problems/forbidden',
        '/problems/not-found',
        '/problems/validation-failed',
        '/problems/internal-error',
      ]),
    );
    expect(types).not.toContain('about:blank');
    expect(await problemTypePageFailures(gateway.app.getHttpServer(), types)).toEqual([]);
  });

  it('answers one page, in HTML, that a cache may keep; the index links every type', async () => {
    const page = await http().get('/problems/forbidden').expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('public, max-age=3600');
    expect(page.text).toContain('<h1>Not allowed</h1>');
    expect(page.text).toContain('answered with status 403 Forbidden');
    const index = await http().get('/problems').expect(200);
    for (const type of documentedProblemTypes((await http().get('/openapi.json')).body)) expect(index.text).toContain(`<a href="${type}">`);
  });

  it('answers an unknown type with a not-found problem whose own type resolves', async () => {
    const res = await http().get('/problems/no-such-type').expect(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ type: '/problems/not-found', title: 'Not Found', status: 404, detail: 'There is no problem type no-such-type.' });
  });

  it('gives the 401, 403, 404 and 400 answers of real operations a type that resolves', async () => {
    const organization = await seedOrganization(database.db);
    const connector = await mintToken(gateway, database.url, { type: 'CONNECTOR', connectionIds: [organization.connectionId] });
    const answers = [
      await http().get('/v0/whoami'),
      await http().get('/v0/whoami').set('Authorization', 'Bearer not-a-token'),
      await http().get(`/v0/organizations/${organization.organizationId}/invoices`).set('Authorization', `Bearer ${connector}`),
      await http().get('/v0/nothing-here'),
      await http().get('/v0/organizations/not-a-uuid/inventory').set('Authorization', `Bearer ${connector}`),
    ];
    expect(answers.map((a) => [a.status, a.body.type])).toEqual([
      [401, '/problems/unauthorized'],
      [401, '/problems/invalid-token'],
      [403, '/problems/forbidden'],
      [404, '/problems/not-found'],
      [400, '/problems/validation-failed'],
    ]);
    expect(
      await problemTypePageFailures(
        gateway.app.getHttpServer(),
        answers.map((a) => a.body.type),
      ),
    ).toEqual([]);
  });
});
