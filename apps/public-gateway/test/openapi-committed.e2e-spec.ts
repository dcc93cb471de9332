// openapi/public.json is what the public gateway serves with its default settings (`npm run openapi` writes it).
import request from 'supertest';
import { expectCheckedAnswers, committedOpenApiMismatch } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

// This file reads the document itself (an undocumented route), not answers the document describes.
expectCheckedAnswers(0);

describe('the committed public OpenAPI document', () => {
  // The default PUBLIC_BASE_URL, which the document names as its server and token URL.
  const { gateway } = usePublicGateway({ PUBLIC_BASE_URL: 'http://localhost:3000' });

  it('is the served document, byte for byte', async () => {
    const served = (await request(gateway.app.getHttpServer()).get('/openapi.json').expect(200)).body;
    expect(committedOpenApiMismatch('public', served)).toBeUndefined();
  });
});
