// Credentials in a URL's query string, kept out of the request log line (libs/platform) and the trace
// attributes (otel-sdk.ts). Here, in the library every gateway loads first, because the tracing set-up may
// import nothing that loads the application.
//
// A parameter is redacted by its name, as Rails' filter_parameters does: the name, percent-decoded, in lower
// case and without separators (`client_secret`, `Client-Secret` and `clientSecret` are all `clientsecret`),
// contains one of SENSITIVE_PARTS or is one of SENSITIVE_NAMES. The gateways take no credential in a query
// string, so one arrives there only by a caller's mistake, under the names the common protocols use; every
// other parameter (limit, cursor, since, types...) is logged as sent, for debugging.

export const REDACTED = '[redacted]';

/** Name parts that mark a credential wherever they appear (client_secret, access_token, x-amz-signature...). */
const SENSITIVE_PARTS = [
  'secret',
  'token',
  'passw',
  'passphrase',
  'credential',
  'signature',
  'assertion',
  'apikey',
  'accesskey',
  'privatekey',
  'session',
  'cookie',
  'jwt',
  'authorization',
];

/** Short names that are credentials only as a whole (code is OAuth's authorization code; sig a signed URL's). */
const SENSITIVE_NAMES = new Set(['code', 'sig', 'key', 'pwd', 'pass', 'auth', 'otp', 'pin']);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** True when a query parameter of this (raw, possibly percent-encoded) name may hold a credential. */
export function isSensitiveParameter(name: string): boolean {
  const key = decodedName(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return SENSITIVE_NAMES.has(key) || SENSITIVE_PARTS.some((part) => key.includes(part));
}

/** A query string (without its `?`) with the value of every sensitive parameter replaced by REDACTED. */
export function redactQueryString(query: string): string {
  // `;` is split on too (some clients put it between parameters), and `#` (a fragment carries tokens in
  // OAuth's implicit flow): redacting too much is harmless.
  return query.replace(/(^|[&;#?])([^&;#?=]*)=([^&;#?]*)/g, (whole, separator: string, name: string) =>
    isSensitiveParameter(name) ? `${separator}${name}=${REDACTED}` : whole,
  );
}

/** A URL or request target (`/path?query`) with the value of every sensitive query (or fragment) parameter redacted. */
export function redactUrlQuery(url: string): string {
  const start = url.search(/[?#]/);
  return start === -1 ? url : `${url.slice(0, start + 1)}${redactQueryString(url.slice(start + 1))}`;
}
