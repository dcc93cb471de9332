// Writes the JSON answer of a route handler (an object or an array) the way express's res.json() would,
// byte for byte, without express's content-type round: res.json() sets `application/json`, which express
// looks up in its MIME table to add the charset, then res.send() parses that type again to set the
// charset once more. Those two rounds and the settings read around them were a share of whoami's CPU worth
// saving (docs/decisions/benchmarks.md#what-the-figures-changed-in-the-gateway). The answer is the same
// constant type, the same Content-Length, the same body.
//
// Whatever this writer does not reproduce is left to express (writeJsonAnswer answers false): an answer
// whose Content-Type, Transfer-Encoding or ETag a handler has set, one whose status carries no body
// (204, 205, 304), a conditional request (express answers some of those 304), and an application whose
// express settings would change the text (`json replacer`, `json spaces`, `json escape`) or add an ETag.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The Content-Type of a JSON answer, as express writes it: also the type of a replayed answer. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** The express settings that shape res.json()'s answer; the writer applies only when none is set. */
interface ExpressSettings {
  'etag fn'?: unknown;
  'json replacer'?: unknown;
  'json spaces'?: unknown;
  'json escape'?: unknown;
}

/**
 * Writes `body` (a plain object or array, not an Error, a buffer or a stream) as the answer, with the
 * status already set on `response`. False when express must write it instead (see above); nothing is set then.
 */
export function writeJsonAnswer(request: IncomingMessage, response: ServerResponse, body: object, settings: ExpressSettings): boolean {
  const status = response.statusCode;
  if (status === 204 || status === 205 || status === 304) return false;
  if (
    settings['etag fn'] !== undefined ||
    settings['json replacer'] !== undefined ||
    settings['json spaces'] !== undefined ||
    settings['json escape'] !== undefined
  ) {
    return false;
  }
  const headers = request.headers;
  if (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return false;
  if (response.hasHeader('content-type') || response.hasHeader('transfer-encoding') || response.hasHeader('etag')) return false;
  // Undefined for an object whose toJSON() gives nothing: express then answers without a body.
  const text = JSON.stringify(body) as string | undefined;
  if (text === undefined) return false;
  response.setHeader('Content-Type', JSON_CONTENT_TYPE);
  response.setHeader('Content-Length', String(Buffer.byteLength(text)));
  if (request.method === 'HEAD') response.end();
  else response.end(text, 'utf8');
  return true;
}
