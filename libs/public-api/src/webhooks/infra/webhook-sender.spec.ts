// The webhook sender against a receiver on 127.0.0.1 (allowed): status, no redirects, at most 1 KB of the
// answer read, the timeout, a stop; a refused target is never connected to; kept-alive connections are
// reused only by one organization and for the address the target resolves to at that request.
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveWebhookTarget } from '../policies/webhook-address.policy';
import { WEBHOOK_RESPONSE_BYTES, sendWebhook } from './webhook-sender';
import { webhookTargetPolicy } from '../policies/webhook-target';
import { WebhookConnections } from './webhook-connections';

jest.mock('../policies/webhook-address.policy', () => {
  const actual = jest.requireActual('../policies/webhook-address.policy');
  return { ...actual, resolveWebhookTarget: jest.fn(actual.resolveWebhookTarget) };
});

// Only IP literals here: no name is resolved.
const ALLOWED = webhookTargetPolicy({ allowedHosts: '127.0.0.1', resolver: { resolve: () => Promise.reject(new Error('no DNS in this test')) } });

describe('sendWebhook', () => {
  let server: Server;
  let url: string;
  const bodies: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        bodies.push(body);
        if (req.url === '/ok') res.writeHead(200).end('fine');
        else if (req.url === '/redirect') res.writeHead(302, { location: '/ok' }).end();
        // 2xx, then more than 1 KB and never the end.
        else if (req.url === '/endless') res.writeHead(200).write('x'.repeat(64 * 1024));
        // Never answers.
        else if (req.url === '/silent') return;
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('posts the body with the headers and answers the status', async () => {
    const result = await sendWebhook({ url: `${url}/ok`, headers: { 'webhook-id': 'msg_1' }, body: '{"a":1}' }, ALLOWED);
    expect(result).toEqual({ ok: true, status: 200, responseBody: Buffer.from('fine') });
    expect(bodies.at(-1)).toBe('{"a":1}');
  });

  it('does not follow a redirect: a failure with the 3xx status', async () => {
    const before = bodies.length;
    const result = await sendWebhook({ url: `${url}/redirect`, headers: {}, body: '{}' }, ALLOWED);
    expect(result).toEqual(expect.objectContaining({ ok: false, status: 302 }));
    expect(bodies.length).toBe(before + 1);
  });

  it('reads at most 1 KB of the answer and does not wait for the rest', async () => {
    // The answer never ends: waiting for the rest would end in the timeout, a failure with no status.
    const result = await sendWebhook({ url: `${url}/endless`, headers: {}, body: '{}' }, ALLOWED, { timeoutMs: 5000 });
    expect(result).toEqual({ ok: true, status: 200, responseBody: expect.any(Buffer) });
    expect(result.responseBody.length).toBe(WEBHOOK_RESPONSE_BYTES);
  });

  it('gives up when the receiver does not answer in time', async () => {
    const result = await sendWebhook({ url: `${url}/silent`, headers: {}, body: '{}' }, ALLOWED, { timeoutMs: 300 });
    expect(result).toEqual(expect.objectContaining({ ok: false, status: null, error: 'no answer within 0.3 s' }));
  });

  it('refuses a target outside the allow-list without connecting', async () => {
    const result = await sendWebhook({ url: 'http://127.0.0.2:9/hook', headers: {}, body: '{}' }, ALLOWED);
    expect(result).toEqual(expect.objectContaining({ ok: false, status: null, error: expect.stringContaining('not a public address') }));
  });

  it('refuses a port of the gateways on an allowed host without connecting', async () => {
    const before = bodies.length;
    const port = Number(new URL(url).port);
    const guarded = webhookTargetPolicy({ allowedHosts: '127.0.0.1', deniedPorts: [port], resolver: ALLOWED.resolver });
    const result = await sendWebhook({ url: `${url}/ok`, headers: {}, body: '{}' }, guarded);
    expect(result).toEqual({ ok: false, status: null, error: `port ${port} is a port of the gateways themselves`, responseBody: Buffer.alloc(0) });
    expect(bodies.length).toBe(before);
  });

  it('stops when the caller aborts, with no answer', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 100);
    const result = await sendWebhook({ url: `${url}/silent`, headers: {}, body: '{}' }, ALLOWED, { signal: stop.signal });
    expect(result).toEqual(expect.objectContaining({ ok: false, status: null, error: 'stopped before the answer' }));
  });
});

describe('sendWebhook with kept-alive connections', () => {
  const servers: Server[] = [];
  const connections: Record<string, number> = {};
  const receivedAt: Record<string, number> = {};
  let port: number;
  let pool: WebhookConnections;

  /** A receiver on this loopback address, counting the connections it accepts and the requests it answers. */
  const listen = async (address: string, onPort: number) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        receivedAt[address] = (receivedAt[address] ?? 0) + 1;
        res.writeHead(204).end();
      });
    });
    server.on('connection', () => (connections[address] = (connections[address] ?? 0) + 1));
    await new Promise<void>((resolve) => server.listen(onPort, address, resolve));
    servers.push(server);
    return (server.address() as AddressInfo).port;
  };

  beforeAll(async () => {
    port = await listen('127.0.0.1', 0);
    // The same port on another loopback address: where the name below resolves the second time.
    await listen('127.0.0.2', port);
  });

  beforeEach(() => {
    pool = new WebhookConnections();
    for (const key of Object.keys(connections)) delete connections[key];
    for (const key of Object.keys(receivedAt)) delete receivedAt[key];
  });

  afterEach(() => pool.close());

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("sends one organization's requests to one address over one connection, and another organization's over its own", async () => {
    const send = (organizationId: string) =>
      sendWebhook({ url: `http://127.0.0.1:${port}/hook`, headers: {}, body: '{}' }, ALLOWED, { connections: { pool, organizationId } });
    for (let i = 0; i < 3; i++) expect((await send('org-a')).status).toBe(204);
    expect(connections['127.0.0.1']).toBe(1);
    expect((await send('org-b')).status).toBe(204);
    expect(connections['127.0.0.1']).toBe(2);
    expect(receivedAt['127.0.0.1']).toBe(4);
  });

  it('connects anew when the name resolves to another address, never riding the connection to the old one', async () => {
    jest.mocked(resolveWebhookTarget).mockResolvedValueOnce({ address: '127.0.0.1', family: 4 }).mockResolvedValueOnce({ address: '127.0.0.2', family: 4 });
    const send = () =>
      sendWebhook(
        { url: `http://hooks.example.invalid:${port}/hook`, headers: {}, body: '{}' },
        webhookTargetPolicy({ allowedHosts: 'hooks.example.invalid', resolver: ALLOWED.resolver }),
        { connections: { pool, organizationId: 'org-a' } },
      );
    expect((await send()).status).toBe(204);
    expect((await send()).status).toBe(204);
    expect(receivedAt).toEqual({ '127.0.0.1': 1, '127.0.0.2': 1 });
    expect(connections).toEqual({ '127.0.0.1': 1, '127.0.0.2': 1 });
  });
});
