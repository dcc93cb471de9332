// The request log line as the public gateway writes it (contract 7: no secret, token or password in a log
// line, from a header, a body or a query string): a credential sent in a query string by mistake is redacted.
import { Writable } from 'node:stream';
import request from 'supertest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createLogger, loadConfig } from '@gateway/platform';
import { gatewayTestEnv, useTestDatabase } from '@gateway/testing';
import { createPublicGateway } from '../src/app/create-public-gateway';
import { PublicGatewayConfig } from '../src/app/public-gateway.config';

describe('the request log line', () => {
  const { database } = useTestDatabase();
  let app: NestExpressApplication;
  let written = '';

  beforeAll(async () => {
    const output = new Writable({
      write(chunk, _encoding, callback) {
        written += String(chunk);
        callback();
      },
    });
    const config = loadConfig(PublicGatewayConfig, gatewayTestEnv(database.url, {}));
    app = await createPublicGateway(config, createLogger({ name: 'public-gateway-test', level: 'info', output }));
    await app.init();
  });

  afterAll(() => app?.close());

  const lineOf = async (send: () => request.Test) => {
    written = '';
    const res = await send();
    // The line is written once the answer has finished.
    for (let i = 0; i < 50 && !written.includes('"msg":"request completed"'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const lines = written
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    return { res, lines, line: lines.find((line) => line.msg === 'request completed') };
  };

  it('redacts a client_secret sent in the query of the token endpoint, and keeps the rest of the URL', async () => {
    const { res, line } = await lineOf(() =>
      request(app.getHttpServer())
        .post('/oauth2/token?client_id=cl_someone&client_secret=qs-secret-0a1b2c')
        .type('form')
        .send('grant_type=client_credentials&client_id=cl_someone&client_secret=form-secret-9z8y'),
    );
    expect(res.status).toBe(401);
    expect(line?.req?.url).toBe('/oauth2/token?client_id=cl_someone&client_secret=[redacted]');
    expect(written).not.toMatch(/qs-secret-0a1b2c|form-secret-9z8y/);
  });

  it('redacts tokens, secrets and passwords in the query of a /v0 path, whatever their case or encoding', async () => {
    const { res, line } = await lineOf(() =>
      request(app.getHttpServer()).get(
        '/v0/whoami?limit=5&ACCESS_TOKEN=qs-token-1&Client%5FSecret=qs-secret-2&password=qs-password-3&api_key=qs-key-4&code=qs-code-5',
      ),
    );
    expect(res.status).toBe(401);
    expect(line?.req?.url).toBe('/v0/whoami?limit=5&ACCESS_TOKEN=[redacted]&Client%5FSecret=[redacted]&password=[redacted]&api_key=[redacted]&code=[redacted]');
    expect(written).not.toMatch(/qs-token-1|qs-secret-2|qs-password-3|qs-key-4|qs-code-5/);
  });

  it('writes a bearer token nowhere, on a path that is not served either', async () => {
    const { res, line } = await lineOf(() =>
      request(app.getHttpServer()).get('/v0/no-such-path?token=qs-token-6').set('Authorization', 'Bearer header-token-7'),
    );
    expect(res.status).toBe(404);
    expect(line?.req?.url).toBe('/v0/no-such-path?token=[redacted]');
    expect(written).not.toMatch(/qs-token-6|header-token-7/);
  });
});
