// Sends one signed webhook request (contract 6.3): the target resolved and checked at every request and
// connected to at that address (a kept-alive connection to that same address when the caller keeps them),
// no redirect followed (a 3xx is a failure), at most 1 KB of the answer read, 10 s for the whole exchange.
import { Agent, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { WebhookTargetPolicy } from '../policies/webhook-target';
import { ResolvedTarget, WebhookTargetRefused, resolveWebhookTarget } from '../policies/webhook-address.policy';
import type { WebhookConnections } from './webhook-connections';

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_RESPONSE_BYTES = 1024;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SendOptions {
  timeoutMs?: number;
  /** Kept-alive connections, and the organization whose they are; without them, one connection per request. */
  connections?: { pool: WebhookConnections; organizationId: string };
  /** Aborts the request (the worker stopping). */
  signal?: AbortSignal;
}

export interface WebhookResult {
  /** 2xx answered. */
  ok: boolean;
  /** The status answered; null when there was none (refused target, connection error, timeout). */
  status: number | null;
  /** Why it failed, for the log (never the secret or the body). */
  error?: string;
  /** Up to WEBHOOK_RESPONSE_BYTES of the answer. */
  responseBody: Buffer;
}

/** A lookup that answers the address already checked, whatever it is asked. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

export async function sendWebhook(message: WebhookRequest, targets: WebhookTargetPolicy, options: SendOptions = {}): Promise<WebhookResult> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const url = new URL(message.url);
  // One timer and one controller per request, both let go when it ends.
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, timeoutMs);
  const stop = () => deadline.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    let target: ResolvedTarget;
    try {
      // The name's resolution counts against the same 10 s.
      target = await Promise.race([
        resolveWebhookTarget(url, targets),
        new Promise<never>((_resolve, reject) =>
          deadline.signal.addEventListener('abort', () => reject(new WebhookTargetRefused(`the host could not be resolved within ${timeoutMs / 1000} s`)), {
            once: true,
          }),
        ),
      ]);
    } catch (error) {
      if (error instanceof WebhookTargetRefused) return { ok: false, status: null, error: error.message, responseBody: Buffer.alloc(0) };
      throw error;
    }
    const agent = options.connections ? options.connections.pool.agentFor(options.connections.organizationId, url, target) : false;
    return await post(url, message, target, agent, deadline.signal, () => (timedOut ? `no answer within ${timeoutMs / 1000} s` : 'stopped before the answer'));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

function post(
  url: URL,
  message: WebhookRequest,
  target: ResolvedTarget,
  agent: Agent | false,
  signal: AbortSignal,
  abortReason: () => string,
): Promise<WebhookResult> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<WebhookResult>((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let status: number | null = null;
    const finish = (error?: string) => {
      const responseBody = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_BYTES);
      const ok = error === undefined && status !== null && status >= 200 && status < 300;
      resolve({ ok, status, responseBody, ...(ok ? {} : { error: error ?? `answered ${status}` }) });
    };
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...message.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(message.body)),
          'user-agent': 'gateway-webhooks/1',
        },
        lookup: pinnedLookup(target),
        agent,
        signal,
      },
      (res) => {
        status = res.statusCode ?? null;
        res.on('data', (chunk: Buffer) => {
          if (received < WEBHOOK_RESPONSE_BYTES) chunks.push(chunk);
          received += chunk.length;
          // Enough read: the rest of the answer is not waited for (and that connection is not reused).
          if (received >= WEBHOOK_RESPONSE_BYTES) {
            res.destroy();
            finish();
          }
        });
        res.on('end', () => finish());
        res.on('error', () => finish());
        res.on('close', () => finish());
      },
    );
    req.on('error', (error) => finish(signal.aborted ? abortReason() : `connection failed: ${error.message}`));
    req.end(message.body);
  });
}
