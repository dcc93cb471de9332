// The `webhooks` section of the public OpenAPI document (3.1): one entry per event type (and the test event),
// the request a receiver gets, with its payload schema (the DTOs of the public resources) and the Standard
// Webhooks headers.
import type { OpenAPIObject } from '@nestjs/swagger';
import { DELIVERED_EVENT_TYPES, DeliveredEventType, InventoryLevelWebhookEventDto, SalesOrderWebhookEventDto, WebhookTestEventDto } from '@gateway/domain';

export const WEBHOOK_PAYLOAD_MODELS = [SalesOrderWebhookEventDto, InventoryLevelWebhookEventDto, WebhookTestEventDto];

const HEADERS = [
  { name: 'webhook-id', description: 'the id of the event, the same on every retry: use it to discard duplicates' },
  { name: 'webhook-timestamp', description: 'seconds since the epoch when this attempt was signed' },
  {
    name: 'webhook-signature',
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the endpoint secret (Standard Webhooks); while a rotated secret overlaps, two of them separated by a space, `v1,<new> v1,<old>`: accept the request when either verifies',
  },
];

const SUMMARIES: Record<DeliveredEventType, string> = {
  'sales_order.created': 'A sales order was received',
  'sales_order.shipped': "A sales order's fulfilment order shipped",
  'sales_order.cancelled': 'A sales order was cancelled',
  'fulfilment_order.status_changed': "A sales order's fulfilment order changed state (fulfilmentStatus)",
  'inventory_level.changed': 'The inventory of a barcode at a warehouse changed',
  'webhook.test': 'A test event, sent to one endpoint when asked for (POST .../webhook-endpoints/{id}/test)',
};

const MODELS: Record<DeliveredEventType, { name: string }> = {
  'sales_order.created': SalesOrderWebhookEventDto,
  'sales_order.shipped': SalesOrderWebhookEventDto,
  'sales_order.cancelled': SalesOrderWebhookEventDto,
  'fulfilment_order.status_changed': SalesOrderWebhookEventDto,
  'inventory_level.changed': InventoryLevelWebhookEventDto,
  'webhook.test': WebhookTestEventDto,
};

/** The schema of the body of one event type: its payload DTO with `type` fixed. */
export function webhookPayloadSchema(type: DeliveredEventType): object {
  return { allOf: [{ $ref: `#/components/schemas/${MODELS[type].name}` }, { type: 'object', properties: { type: { const: type } } }] };
}

export function addWebhooks(document: OpenAPIObject): OpenAPIObject {
  const webhooks: Record<string, unknown> = {};
  for (const type of DELIVERED_EVENT_TYPES) {
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        summary: SUMMARIES[type],
        description:
          type === 'webhook.test'
            ? 'Sent to the one endpoint it was asked for, at least once, retried on WEBHOOK_RETRY_SCHEDULE until it answers 2xx.'
            : 'Sent to every endpoint subscribed to this event type, at least once, retried on WEBHOOK_RETRY_SCHEDULE until it answers 2xx.',
        tags: ['webhooks'],
        parameters: HEADERS.map((h) => ({ in: 'header', name: h.name, required: true, description: h.description, schema: { type: 'string' } })),
        requestBody: { required: true, content: { 'application/json': { schema: webhookPayloadSchema(type) } } },
        responses: { '2XX': { description: 'Received: no retry follows' } },
        security: [],
      },
    };
  }
  return { ...document, webhooks } as OpenAPIObject;
}
