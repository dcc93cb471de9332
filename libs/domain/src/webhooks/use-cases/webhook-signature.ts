// Standard Webhooks signing: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the bytes the
// `whsec_` secret carries in base64.
import { createHmac } from 'node:crypto';

export function signWebhook(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * The three headers of one attempt; the id is the same on every attempt of a delivery. With several
 * secrets (the new one first, then the one a rotation replaced, while its overlap lasts), the signature
 * header carries one signature per secret separated by a space, as Standard Webhooks allows: a receiver
 * holding either secret verifies it.
 */
export function webhookHeaders(secrets: string | readonly string[], webhookId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => signWebhook(secret, webhookId, timestamp, body));
  return { 'webhook-id': webhookId, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}
