// Headers set by plan: helmet's security headers (and Cache-Control). With static options helmet sets the
// same values on every response, so they are computed once at boot (helmet runs once, against a recording
// stub) and set in one step per request instead of through a middleware per header: every answer's by the
// request lifecycle middleware, a browser page's (Swagger UI, a problem type's page) over those.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { HelmetOptions } from 'helmet';

export type HeaderPlan = { set: [string, string][]; remove: string[] };

/** HTTPS only, for a year, subdomains included: the same on every answer and page. */
const HSTS = { maxAge: 31536000, includeSubDomains: true };

/**
 * The security headers of every answer, by helmet: the set OWASP's REST Security Cheat Sheet gives an API
 * (HSTS, nosniff, no framing, a CSP that allows nothing). helmet's other headers (COOP, CORP, Referrer-Policy,
 * Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection) govern what a browser does with a page it renders; a JSON answer is never rendered, so they
 * are sent only with the pages a browser renders (PAGE_SECURITY_HEADERS), and spare every answer their cost
 * (docs/decisions/http-hardening.md#headers).
 */
export const API_SECURITY_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: HSTS,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * helmet's headers for the pages a browser renders (Swagger UI at /docs, the problem types' pages): its
 * defaults, with a CSP that lets a page load its own scripts and styles only (and inline styles).
 */
export const PAGE_SECURITY_HEADERS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'"], styleSrc: ["'self'", "'unsafe-inline'"], imgSrc: ["'self'", 'data:'] },
  },
  strictTransportSecurity: HSTS,
};

function hasFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (value && typeof value === 'object') return Object.values(value).some(hasFunction);
  return false;
}

/** What helmet does to a response with these options; refused when they compute a value per request (e.g. a CSP nonce). */
export function planHelmetHeaders(options: Readonly<HelmetOptions>): HeaderPlan {
  if (hasFunction(options)) throw new Error('helmet options with functions compute headers per request: they cannot be planned once');
  const plan: HeaderPlan = { set: [], remove: [] };
  const recorder = {
    setHeader: (name: string, value: unknown) => plan.set.push([name, String(value)]),
    removeHeader: (name: string) => plan.remove.push(name),
  };
  let done = false;
  helmet(options)({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet's chain is synchronous; anything else would mean per-request work that cannot be planned.
  if (!done) throw new Error('helmet did not complete synchronously: its headers cannot be computed once');
  return plan;
}

/** Applies a plan to one response. */
export function setPlannedHeaders(res: ServerResponse, { set, remove }: HeaderPlan): void {
  for (let i = 0; i < set.length; i++) res.setHeader(set[i][0], set[i][1]);
  for (let i = 0; i < remove.length; i++) res.removeHeader(remove[i]);
}

/** A middleware that applies `plan` and goes on. */
export function plannedHeaders(plan: HeaderPlan) {
  return (_req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    setPlannedHeaders(res, plan);
    next();
  };
}

/** PAGE_SECURITY_HEADERS, planned once. */
export const PAGE_HEADER_PLAN: HeaderPlan = planHelmetHeaders(PAGE_SECURITY_HEADERS);
