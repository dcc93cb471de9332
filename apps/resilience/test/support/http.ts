// A raw HTTP client for hostile requests: any method, path bytes, header values and body bytes, and a
// deadline, so that a hang is a failure rather than a stuck suite.
import { request as httpRequest } from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, sent as given (already encoded, or deliberately not). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Milliseconds from sending to the end of the answer. */
  ms: number;
}

/** `onHeaders` runs when the status line and headers have arrived, before the body. */
export function send(baseUrl: string, req: RawRequest, timeoutMs = 10_000, onHeaders?: () => void): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, method: req.method, path: req.path, headers: req.headers, timeout: timeoutMs },
      (res) => {
        onHeaders?.();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }),
        );
        res.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

/** What must never reach a client: stack frames, SQL, driver or runtime error names, file paths. */
const LEAKS =
  /\bat [\w.<>]+ \(|node_modules|\/work\/|\.ts:\d+|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|syntax error at|violates .* constraint|relation "|\bpg_|QueryFailedError|TypeError|ReferenceError|RangeError|SyntaxError: Unexpected/;

export function leak(text: string): string | undefined {
  return LEAKS.exec(text)?.[0];
}

/** Whether an error answer is a problem body of its own status (contract section 3). */
export function problemBodyError(res: RawResponse): string | undefined {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json')) return `content-type ${type || '(none)'}, not application/problem+json`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    return 'a body that is not JSON';
  }
  for (const field of ['type', 'title', 'detail']) if (typeof body[field] !== 'string') return `problem without a string ${field}`;
  if (body.status !== res.status) return `problem status ${String(body.status)} on a ${res.status} answer`;
  return undefined;
}

/** Whether a token-endpoint error answer is an OAuth error object (RFC 6749 section 5.2) that is not cached. */
export function oauthErrorBodyError(res: RawResponse): string | undefined {
  if (res.headers['cache-control'] !== 'no-store') return `Cache-Control ${String(res.headers['cache-control'])}`;
  try {
    const body = JSON.parse(res.text) as Record<string, unknown>;
    return typeof body.error === 'string' ? undefined : 'an OAuth error without a string error';
  } catch {
    return 'a body that is not JSON';
  }
}
