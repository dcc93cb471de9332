// The security headers a gateway sends (docs/decisions/http-hardening.md#headers): an API answer carries the
// set OWASP's REST Security Cheat Sheet gives an API, a page a browser renders (Swagger UI, a problem type's
// page) helmet's full set. A test of each gateway compares what it sends with these.
import request from 'supertest';
import type { Server } from 'node:http';

export const API_ANSWER_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export const BROWSER_PAGE_SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** Every header either set holds, and X-Powered-By, which neither sends. */
const NAMES = [...new Set([...Object.keys(BROWSER_PAGE_SECURITY_HEADERS), ...Object.keys(API_ANSWER_SECURITY_HEADERS), 'x-powered-by'])];

/** The security headers `server` sends with an answer (`/health/live`), a Swagger UI page (`/docs/`) and a problem type's page (`/problems`). */
export async function securityHeadersOf(server: Server): Promise<Record<'answer' | 'docsPage' | 'problemPage', Record<string, string>>> {
  const [answer, docsPage, problemPage] = await Promise.all(
    ['/health/live', '/docs/', '/problems'].map(async (path) => {
      const res = await request(server).get(path).expect(200);
      return Object.fromEntries(NAMES.filter((name) => res.headers[name] !== undefined).map((name) => [name, String(res.headers[name])]));
    }),
  );
  return { answer, docsPage, problemPage };
}
