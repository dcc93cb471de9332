// The webhook sender against a receiver on 127.0.0.1 (allowed): status, no redirects, at most 1 KB of the
// answer read, the timeout; a refused target is never connected to.
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_RESPONSE_BYTES, sendWebhook } from './webhook-sender';
import { webhookTargetPolicy } from '../policies/webhook-target';

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
    const started = Date.now();
    const result = await sendWebhook({ url: `${url}/endless`, headers: {}, body: '{}' }, ALLOWED, 5000);
    expect(result.ok).toBe(true);
    expect(result.responseBody.length).toBe(WEBHOOK_RESPONSE_BYTES);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up when the receiver does not answer in time', async () => {
    const result = await sendWebhook({ url: `${url}/silent`, headers: {}, body: '{}' }, ALLOWED, 300);
    expect(result).toEqual(expect.objectContaining({ ok: false, status: null, error: 'no answer within 0.3 s' }));
  });

  it('refuses a target outside the allow-list without connecting', async () => {
    const result = await sendWebhook({ url: 'http://127.0.0.2:9/hook', headers: {}, body: '{}' }, ALLOWED);
    expect(result).toEqual(expect.objectContaining({ ok: false, status: null, error: expect.stringContaining('not a public address') }));
  });

  it("refuses a port of the gateways on an allowed host without connecting", async () => {
    const before = bodies.length;
    const port = Number(new URL(url).port);
    const guarded = webhookTargetPolicy({ allowedHosts: '127.0.0.1', deniedPorts: [port], resolver: ALLOWED.resolver });
    const result = await sendWebhook({ url: `${url}/ok`, headers: {}, body: '{}' }, guarded);
    expect(result).toEqual({ ok: false, status: null, error: `port ${port} is a port of the gateways themselves`, responseBody: Buffer.alloc(0) });
    expect(bodies.length).toBe(before);
  });
});
