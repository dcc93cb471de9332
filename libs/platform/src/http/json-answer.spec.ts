import { request as httpRequest, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ExpressAdapter } from '@nestjs/platform-express';
import { GatewayExpressAdapter } from './gateway-http-adapter';

interface Answer {
  status: number;
  /** Raw header lines in order, Date and Connection/Keep-Alive left out. */
  headers: string[];
  body: string;
}

interface Case {
  name: string;
  body: unknown;
  status?: number;
  method?: string;
  requestHeaders?: Record<string, string>;
  /** What the handler does to the response before answering. */
  prepare?: (res: express.Response) => void;
  /** Whether the gateway's writer answers (true) or leaves it to express (false). */
  written: boolean;
}

const CASES: Case[] = [
  { name: 'an object', body: { clientType: 'SERVICE', clientId: 'cl_oIoxi91GP4F4RSQwNxFYAA' }, written: true },
  { name: 'an array with 201', body: [{ id: 1 }, { id: 2 }], status: 201, written: true },
  { name: 'text beyond ASCII', body: { name: 'Zoë’s 🚚 depot' }, written: true },
  { name: 'a body over 1,000 bytes', body: { items: Array.from({ length: 100 }, (_, i) => ({ sku: `SKU-${i}` })) }, written: true },
  { name: 'a HEAD request', body: { ok: true }, method: 'HEAD', written: true },
  { name: 'headers the handler set', body: { ok: true }, prepare: (res) => res.setHeader('Location', '/v0/x'), written: true },
  { name: 'a 204', body: { ok: true }, status: 204, written: false },
  { name: 'If-None-Match: *', body: { ok: true }, requestHeaders: { 'If-None-Match': '*' }, written: false },
  { name: 'If-Modified-Since', body: { ok: true }, requestHeaders: { 'If-Modified-Since': 'Thu, 26 Nov 2026 00:00:00 GMT' }, written: false },
  { name: 'a Content-Type the handler set', body: { ok: true }, prepare: (res) => res.type('application/vnd.gateway+json'), written: false },
  {
    name: 'an ETag the handler set',
    body: { ok: true },
    prepare: (res) => res.setHeader('ETag', '"v1"'),
    requestHeaders: { 'If-None-Match': '"v1"' },
    written: false,
  },
  { name: 'an object whose toJSON gives nothing', body: { toJSON: () => undefined }, written: false },
  { name: 'an Error', body: new Error('boom'), status: 500, written: false },
  { name: 'a string', body: 'plain', written: false },
];

/** An express application whose routes answer each case with `reply` (the adapter's or Nest's own). */
function application(reply: (res: express.Response, body: unknown, status?: number) => unknown, settings: Record<string, unknown> = {}) {
  const app = express();
  // As configureGateway sets them.
  app.set('etag', false);
  app.disable('x-powered-by');
  for (const [key, value] of Object.entries(settings)) app.set(key, value);
  CASES.forEach((c, i) =>
    app.all(`/case/${i}`, (_req, res) => {
      c.prepare?.(res);
      reply(res, c.body, c.status ?? 200);
    }),
  );
  return app;
}

async function listen(app: express.Express): Promise<{ server: Server; port: number }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { server, port: (server.address() as AddressInfo).port };
}

function fetchRaw(port: number, path: string, method: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i];
          if (!/^(date|connection|keep-alive)$/i.test(name)) lines.push(`${name}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode as number, headers: lines, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the JSON answer of a handler', () => {
  const limits = { headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnections: 100 };
  let servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    servers = [];
    jest.restoreAllMocks();
  });

  /** Each case answered by the gateway's adapter and by Nest's express adapter, side by side. */
  async function both(settings?: Record<string, unknown>) {
    // reply() answers on the response it is given: the adapters' own instances serve nothing here.
    const nest = new ExpressAdapter(express());
    const gateway = new GatewayExpressAdapter(express(), limits);
    const theirs = await listen(application((res, body, status) => nest.reply(res, body, status), settings));
    const ours = await listen(application((res, body, status) => gateway.reply(res, body, status), settings));
    servers.push(theirs.server, ours.server);
    return { theirs: theirs.port, ours: ours.port };
  }

  it.each(CASES.map((c, i) => [c.name, i] as const))('is what express would answer, for %s', async (_name, i) => {
    const c = CASES[i];
    const ports = await both();
    const json = jest.spyOn(express.response, 'json');
    const method = c.method ?? 'GET';
    const expected = await fetchRaw(ports.theirs, `/case/${i}`, method, c.requestHeaders ?? {});
    json.mockClear();
    const actual = await fetchRaw(ports.ours, `/case/${i}`, method, c.requestHeaders ?? {});
    expect(actual).toEqual(expected);
    // Written by the gateway's writer, or left to express's res.json()/res.send().
    expect(json.mock.calls.length === 0 && typeof c.body === 'object').toBe(c.written);
  });

  it('is one Content-Type and one Content-Length, counted in bytes', async () => {
    const ports = await both();
    const answer = await fetchRaw(ports.ours, `/case/2`, 'GET', {});
    expect(answer).toEqual({
      status: 200,
      headers: ['Content-Type: application/json; charset=utf-8', 'Content-Length: 30'],
      body: '{"name":"Zoë’s 🚚 depot"}',
    });
  });

  it('is left to express when an express setting would change the text', async () => {
    const ports = await both({ 'json spaces': 2 });
    const json = jest.spyOn(express.response, 'json');
    const expected = await fetchRaw(ports.theirs, '/case/0', 'GET', {});
    const actual = await fetchRaw(ports.ours, '/case/0', 'GET', {});
    expect(actual).toEqual(expected);
    expect(actual.body).toBe('{\n  "clientType": "SERVICE",\n  "clientId": "cl_oIoxi91GP4F4RSQwNxFYAA"\n}');
    expect(json).toHaveBeenCalledTimes(2);
  });
});
