// Streams of sales-order creations, each with an Idempotency-Key of its own, remembering every answer:
// the ground for "no answered order lost, no order doubled" after a fault.
import { randomUUID } from 'node:crypto';
import { SeededOrganization } from '@gateway/testing';
import { RawResponse, send } from './http';

export interface Sent {
  key: string;
  startedAt: number;
  /** The answer, or the error when there was none. */
  res?: RawResponse;
  error?: string;
}

export function orderRequest(org: SeededOrganization, token: string, key: string) {
  return {
    method: 'POST',
    path: `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    // The key is the order's reference too, so that the orders of a key can be counted.
    body: JSON.stringify({
      orderReference: key,
      customer: { firstName: 'Fault' },
      lineItems: [
        { sku: 's', barcode: org.barcodes[0], quantity: 1 },
        { sku: 's', barcode: org.barcodes[1], quantity: 2 },
      ],
    }),
  };
}

export class OrderStreams {
  readonly sent: Sent[] = [];
  private running = true;
  private readonly streams: Promise<void>[];

  constructor(
    private readonly url: () => string,
    private readonly org: SeededOrganization,
    private readonly token: string,
    concurrency: number,
    private readonly timeoutMs = 10_000,
  ) {
    this.streams = Array.from({ length: concurrency }, () => this.stream());
  }

  private async stream(): Promise<void> {
    while (this.running) {
      const entry: Sent = { key: `fault-${randomUUID()}`, startedAt: Date.now() };
      this.sent.push(entry);
      try {
        entry.res = await send(this.url(), orderRequest(this.org, this.token, entry.key), this.timeoutMs);
        // A refused client backs off a little, as a well-behaved one would.
        if (entry.res.status !== 201) await new Promise((r) => setTimeout(r, 50));
      } catch (error) {
        entry.error = (error as Error).message;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }

  answered(status: number): Sent[] {
    return this.sent.filter((s) => s.res?.status === status);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.streams);
  }
}

export function orderId(sent: Sent): string | undefined {
  return sent.res?.status === 201 ? (JSON.parse(sent.res.text) as { id: string }).id : undefined;
}
