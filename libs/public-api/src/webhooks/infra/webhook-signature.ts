// Standard Webhooks signing: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the bytes the
// `whsec_` secret carries in base64.
import { createHmac } from 'node:crypto';

/** The HMAC key a `whsec_` secret carries. */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}

/** A secret, or the key it carries (signingKey) when it is used for many signatures. */
export type WebhookSecret = string | Buffer;

export function signWebhook(secret: WebhookSecret, webhookId: string, timestampSeconds: number, body: string): string {
  const key = typeof secret === 'string' ? signingKey(secret) : secret;
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * The three headers of one attempt; the id is the same on every attempt of a delivery. With several
 * secrets (the new one first, then the one a rotation replaced, while its overlap lasts), the signature
 * header carries one signature per secret separated by a space, as Standard Webhooks allows: a receiver
 * holding either secret verifies it.
 */
export function webhookHeaders(secrets: WebhookSecret | readonly WebhookSecret[], webhookId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = (Array.isArray(secrets) ? (secrets as readonly WebhookSecret[]) : [secrets as WebhookSecret]).map((secret) =>
    signWebhook(secret, webhookId, timestamp, body),
  );
  return { 'webhook-id': webhookId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}
