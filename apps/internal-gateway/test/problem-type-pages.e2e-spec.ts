// Problem types resolve on the internal gateway too: each type its document lists answers a page
// without a token, and its own 401 and 404 answers carry such a type.
import request from 'supertest';
import { documentedProblemTypes, problemTypePageFailures } from '@gateway/testing';
import { useInternalGateway } from './support/start-internal-gateway';

describe('problem type pages on the internal gateway', () => {
  const { gateway } = useInternalGateway();
  const http = () => request(gateway.app.getHttpServer());

  it('lists the problem types in the document, and each answers its page without a token', async () => {
    const types = documentedProblemTypes((await http().get('/openapi.json').expect(200)).body);
    expect(types).toEqual(
      expect.arrayContaining(['/problems/unauthorized', '/problems/not-found', '/problems/fulfilment-order-state', '/problems/service-unavailable']),
    );
    expect(await problemTypePageFailures(gateway.app.getHttpServer(), types)).toEqual([]);
  });

  it('gives its 401 and 404 answers a type that resolves', async () => {
    const unauthenticated = await http().get('/organizations/0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01');
    const unknown = await gateway.get('/organizations/0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01');
    expect([unauthenticated.status, unauthenticated.body.type, unknown.status, unknown.body.type]).toEqual([
      401,
      '/problems/unauthorized',
      404,
      '/problems/not-found',
    ]);
    expect(await problemTypePageFailures(gateway.app.getHttpServer(), [unauthenticated.body.type, unknown.body.type])).toEqual([]);
  });
});
