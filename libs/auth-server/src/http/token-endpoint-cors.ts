// CORS on the token endpoint, for the configured origins only (TOKEN_CORS_ORIGINS: the internal gateway's,
// whose Swagger UI mints staff tokens here). A request from any other origin, or from none, is served as
// before and gets no CORS header; its preflight finds no operation (404), so the browser refuses it.
import cors from 'cors';
import type { RequestHandler } from 'express';
import { TOKEN_ENDPOINT_PATH } from '../model/discovery';

/** "a,b" into the list of origins; empty entries dropped. */
export const corsOrigins = (setting: string): string[] =>
  setting
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

export function tokenEndpointCors(origins: string[]): RequestHandler {
  const allowed = new Set(origins);
  // Swagger UI's client-credentials flow sends an Authorization: Basic header: that makes it a preflighted request.
  const answer = cors({ origin: true, methods: ['POST'], allowedHeaders: ['Authorization', 'Content-Type', 'Accept'], maxAge: 600 });
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (req.path !== TOKEN_ENDPOINT_PATH || origin === undefined || !allowed.has(origin)) return next();
    res.vary('Origin');
    return answer(req, res, next);
  };
}
