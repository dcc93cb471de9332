// The URL attributes of the http instrumentation's spans. A server span's query is kept with its credentials
// redacted (redact-query.ts): the instrumentation's own redaction knows only a few signed-URL names,
// case-sensitively. A client span (a webhook's delivery) keeps the target's scheme, host and port only: a
// webhook URL may carry its secret in its path (`https://hooks.example.com/T000/B000/secret`) as well as in
// its query, and neither belongs in a trace. Each hook's attributes are laid over those the instrumentation
// computed, so only the ones named here are replaced.
import type { IncomingMessage, RequestOptions } from 'node:http';
import { redactQueryString } from './redact-query';

/** A server span's `url.query`, redacted; nothing when the request has no query. */
export function incomingUrlAttributes(request: Pick<IncomingMessage, 'url'>): Record<string, string> {
  const url = request.url ?? '';
  const start = url.indexOf('?');
  return start === -1 ? {} : { 'url.query': redactQueryString(url.slice(start + 1)) };
}

/** A client span's `url.full` and `url.scheme`: the target's origin (scheme, host, port), never its path or query. */
export function outgoingUrlAttributes(options: RequestOptions): Record<string, string> {
  const protocol = options.protocol ?? 'http:';
  let host = options.hostname ?? options.host ?? 'localhost';
  if (host.includes(':') && !host.startsWith('[')) host = `[${host}]`;
  const port = options.port === undefined || options.port === null ? '' : String(options.port);
  const defaultPort = protocol === 'https:' ? '443' : '80';
  const authority = port === '' || port === defaultPort ? host : `${host}:${port}`;
  return { 'url.full': `${protocol}//${authority}`, 'url.scheme': protocol.replace(/:$/, '') };
}
