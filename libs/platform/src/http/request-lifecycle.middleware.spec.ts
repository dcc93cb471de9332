import { Writable } from 'node:stream';
import { createServer, Server } from 'node:http';
import pino from 'pino';
import { REDACTED_PATHS } from '../logging/logger';
import { currentRequestId } from '../logging/request-context';
import { requestLifecycleMiddleware } from './request-lifecycle.middleware';

describe('requestLifecycleMiddleware', () => {
  let server: Server;
  let url: string;
  let lines: Record<string, unknown>[];
  let seenInHandler: (string | undefined)[];
  let observed: { url?: string; status: number; seconds: number }[];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    const logger = pino({ level: 'info', redact: REDACTED_PATHS, mixin: () => ({}) }, sink);
    const middleware = requestLifecycleMiddleware(logger, { observe: (req, res, seconds) => observed.push({ url: req.url, status: res.statusCode, seconds }) });
    server = createServer((req, res) =>
      middleware(req, res, () => {
        seenInHandler.push(currentRequestId());
        res.statusCode = req.url === '/boom' ? 500 : 200;
        res.end('{}');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  beforeEach(() => {
    lines = [];
    seenInHandler = [];
    observed = [];
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /**
   * Waits until `count` answers have finished on the server: the middleware tells the observer and writes the log
   * line in the same callback, so both are complete then (fetch can resolve before the server's 'finish').
   */
  const finished = async (count: number) => {
    while (observed.length < count) await new Promise((resolve) => setImmediate(resolve));
  };

  it('gives each request an id, echoes it and logs one line without credentials', async () => {
    const res = await fetch(`${url}/v0/whoami?client_secret=qs-secret`, { headers: { authorization: 'Bearer secret-token' } });
    await finished(1);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenInHandler).toEqual([id]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        requestId: id,
        // Without a logUrl, the path without its query.
        req: { id, method: 'GET', url: '/v0/whoami', remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret-token|qs-secret/);
  });

  it('shows the request target as logUrl makes it', async () => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)));
        callback();
      },
    });
    const logged = requestLifecycleMiddleware(pino({ level: 'info' }, sink), { logUrl: (target) => target.replace('secret', '[redacted]') });
    const other = createServer((req, res) => logged(req, res, () => res.end('{}')));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      await fetch(`http://127.0.0.1:${(other.address() as { port: number }).port}/v0/whoami?client_secret=1&limit=2`);
      // The line is written when the server's answer finishes, which may be after fetch resolves.
      while (lines.length < 1) await new Promise((resolve) => setImmediate(resolve));
      expect(lines).toEqual([expect.objectContaining({ req: expect.objectContaining({ url: '/v0/whoami?client_[redacted]=1&limit=2' }) })]);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("keeps a caller's well-formed request id and replaces a malformed one", async () => {
    const kept = await fetch(url, { headers: { 'x-request-id': 'abc-123:x.y_z' } });
    const replaced = await fetch(url, { headers: { 'x-request-id': 'no spaces allowed' } });
    await finished(2);
    expect(kept.headers.get('x-request-id')).toBe('abc-123:x.y_z');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs a 5xx answer at error level', async () => {
    await fetch(`${url}/boom`);
    await finished(1);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request errored', res: { statusCode: 500 } })]);
  });

  it('reports every finished answer to the observer (the metrics), health probes included, with its duration', async () => {
    await fetch(`${url}/v0/whoami`);
    await fetch(`${url}/health/ready`);
    await finished(2);
    expect(observed).toEqual([
      { url: '/v0/whoami', status: 200, seconds: expect.any(Number) },
      { url: '/health/ready', status: 200, seconds: expect.any(Number) },
    ]);
    expect(observed.every((o) => Number.isFinite(o.seconds) && o.seconds >= 0)).toBe(true);
  });

  it('does not log the health probes', async () => {
    await fetch(`${url}/health/live`);
    await fetch(`${url}/health/ready`);
    await finished(2);
    expect(lines).toEqual([]);
  });
});
