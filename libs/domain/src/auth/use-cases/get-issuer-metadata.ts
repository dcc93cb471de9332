// The issuer's metadata (a small JSON document) by a bounded GET over node:http(s), as jwks-rsa fetches the
// key set. Not the global fetch: its first use loads undici and compiles its HTTP parser (WebAssembly), resident
// memory per process for the one request the internal gateway makes at start (docs/decisions/scaling.md#the-footprint-per-replica).
import { get as httpGet, IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';

/** The answer's body may be at most this long; a longer one is refused unread. */
const MAX_BYTES = 256 * 1024;

export function getIssuerMetadata(url: string, timeoutMs: number): Promise<unknown> {
  const target = new URL(url);
  const get = target.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const request = get(target, { headers: { accept: 'application/json' }, timeout: timeoutMs }, (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        response.resume();
        return reject(new Error(`issuer metadata answered ${status}`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BYTES) return request.destroy(new Error(`issuer metadata is longer than ${MAX_BYTES} bytes`));
        chunks.push(chunk);
      });
      response.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new Error('issuer metadata is not JSON'));
        }
      });
      response.on('error', reject);
    });
    // The whole exchange, not only an idle socket, is bounded.
    const deadline = setTimeout(() => request.destroy(new Error(`issuer metadata not answered within ${timeoutMs} ms`)), timeoutMs);
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new Error(`issuer metadata not answered within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}
