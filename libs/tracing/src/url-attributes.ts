// The URL attributes of the http instrumentation's spans, with credentials in the query redacted
// (redact-query.ts): the instrumentation's own redaction knows only a few signed-URL names, case-sensitively.
// Each hook's attributes are laid over those the instrumentation computed, so only these two are replaced.
import type { IncomingMessage, RequestOptions } from 'node:http';
import { redactQueryString } from './redact-query';

/** A server span's `url.query`, redacted; nothing when the request has no query. */
export function incomingUrlAttributes(request: Pick<IncomingMessage, 'url'>): Record<string, string> {
  const url = request.url ?? '';
  const start = url.indexOf('?');
  return start === -1 ? {} : { 'url.query': redactQueryString(url.slice(start + 1)) };
}

/** A client span's `url.full` (a webhook's target, say), redacted; nothing when the request has no query. */
export function outgoingUrlAttributes(options: RequestOptions): Record<string, string> {
  const path = options.path ?? '/';
  const start = path.indexOf('?');
  if (start === -1) return {};
  const protocol = options.protocol ?? 'http:';
  let host = options.host ?? options.hostname ?? 'localhost';
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  const port = options.port === undefined || options.port === null ? '' : String(options.port);
  const defaultPort = protocol === 'https:' ? '443' : '80';
  const authority = port === '' || port === defaultPort ? host : `${host}:${port}`;
  return { 'url.full': `${protocol}//${authority}${path.slice(0, start + 1)}${redactQueryString(path.slice(start + 1))}` };
}
