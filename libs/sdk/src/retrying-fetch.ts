// A fetch that waits and tries again when the gateway answers 429 (over a rate limit) or 503 (briefly
// unavailable): after the seconds of Retry-After, a bounded number of times, never longer than a bound.
// Only requests that are safe to send twice are retried: reads, DELETE, and POSTs that carry an
// Idempotency-Key (the same key on every try, so the gateway answers the first result).

export interface RetryOptions {
  /** Tries after the first: default 3; 0 turns retries off. */
  maxRetries?: number;
  /** A Retry-After longer than this (seconds) is not waited for: the answer is returned. Default 60. */
  maxDelaySeconds?: number;
  /** Waits without Retry-After (seconds, doubled on each try). Default 1. */
  defaultDelaySeconds?: number;
  /** How to wait (a test's clock). */
  sleep?: (milliseconds: number) => Promise<void>;
}

const RETRIED_STATUSES = new Set([429, 503]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'PUT']);

/** Seconds to wait from a Retry-After header (RFC 9110: seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

const isRetriable = (request: Request): boolean => SAFE_METHODS.has(request.method) || (request.method === 'POST' && request.headers.has('idempotency-key'));

export function retryingFetch(fetchImpl: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const maxRetries = options.maxRetries ?? 3;
  const maxDelaySeconds = options.maxDelaySeconds ?? 60;
  const defaultDelaySeconds = options.defaultDelaySeconds ?? 1;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (input, init) => {
    const request = new Request(input, init);
    if (!isRetriable(request)) return fetchImpl(request);
    for (let attempt = 0; ; attempt++) {
      // A body can be read once: each try sends a copy.
      const response = await fetchImpl(request.clone());
      if (!RETRIED_STATUSES.has(response.status) || attempt >= maxRetries) return response;
      const delay = retryAfterSeconds(response.headers.get('retry-after')) ?? defaultDelaySeconds * 2 ** attempt;
      if (delay > maxDelaySeconds) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay * 1000);
    }
  };
}
