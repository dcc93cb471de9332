import { createServer } from 'node:http';
import helmet from 'helmet';
import pino from 'pino';
import { requestLifecycleMiddleware } from './request-lifecycle.middleware';
import { API_SECURITY_HEADERS, PAGE_SECURITY_HEADERS, planHelmetHeaders, plannedHeaders } from './response-headers';

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
  it("are exactly the headers helmet sets on each response: an API answer's, OWASP's set for a REST API", async () => {
    const planned = await headersFrom(requestLifecycleMiddleware(pino({ level: 'silent' }), { headers: planHelmetHeaders(API_SECURITY_HEADERS) }));
    expect(planned).toEqual(await headersFrom(helmet(API_SECURITY_HEADERS)));
    expect(planned).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it("are exactly the headers helmet sets on each response: a browser page's, helmet's full set", async () => {
    const planned = await headersFrom(plannedHeaders(planHelmetHeaders(PAGE_SECURITY_HEADERS)));
    expect(planned).toEqual(await headersFrom(helmet(PAGE_SECURITY_HEADERS)));
    expect(planned['content-security-policy']).toContain("script-src 'self'");
    expect(planned['cross-origin-opener-policy']).toBe('same-origin');
    expect(planned['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuse options whose headers depend on the request', () => {
    expect(() =>
      planHelmetHeaders({
        contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as unknown as { nonce: string }).nonce}'`] } },
      }),
    ).toThrow();
  });
});
