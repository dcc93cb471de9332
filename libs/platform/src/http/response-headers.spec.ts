import { createServer } from 'node:http';
import helmet from 'helmet';
import { SECURITY_HEADERS } from './configure-gateway';
import pino from 'pino';
import { requestLifecycleMiddleware } from './request-lifecycle.middleware';
import { planHelmetHeaders } from './response-headers';

/** The headers a real response gets from a middleware. */
async function headersFrom(middleware: (req: never, res: never, next: () => void) => void): Promise<Record<string, string | string[] | undefined>> {
  const server = createServer((req, res) => middleware(req as never, res as never, () => res.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    const headers = Object.fromEntries(res.headers);
    for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id']) delete headers[name];
    return headers;
  } finally {
    server.close();
  }
}

describe('response headers computed once', () => {
  it('are exactly the headers helmet sets on each response', async () => {
    const planned = await headersFrom(requestLifecycleMiddleware(pino({ level: 'silent' }), { headers: planHelmetHeaders(SECURITY_HEADERS) }));
    expect(planned).toEqual(await headersFrom(helmet(SECURITY_HEADERS)));
    expect(planned['content-security-policy']).toContain("script-src 'self'");
    expect(planned['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(planned['x-content-type-options']).toBe('nosniff');
  });

  it('refuse options whose headers depend on the request', () => {
    expect(() =>
      planHelmetHeaders({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { nonce: string }).nonce}'`] } },
      }),
    ).toThrow();
  });
});
