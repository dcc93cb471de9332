// A webhook receiver as an integrator writes one: it verifies each request with the `standardwebhooks`
// package and the endpoint's secret (the `whsec_...` answered once at registration), answers 2xx quickly,
// and handles an event once although the gateway delivers at least once (retries keep the webhook-id).
import { createServer, Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export function createWebhookReceiver(secret: string, onEvent: (event: WebhookEvent, webhookId: string) => void): Server {
  const verifier = new Webhook(secret);
  // In production, remember handled ids in your database (with a unique constraint), not in memory.
  const handled = new Set<string>();
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // Verify the raw body exactly as received: parsing and re-serializing it would break the signature.
      const body = Buffer.concat(chunks).toString('utf8');
      let event: WebhookEvent;
      try {
        event = verifier.verify(body, {
          'webhook-id': String(req.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
        }) as WebhookEvent;
      } catch (error) {
        res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
        return;
      }
      const webhookId = String(req.headers['webhook-id']);
      if (!handled.has(webhookId)) {
        handled.add(webhookId);
        onEvent(event, webhookId);
      }
      res.writeHead(204).end();
    });
  });
}
