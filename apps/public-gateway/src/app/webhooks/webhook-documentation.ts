// The `webhooks` section of the public OpenAPI document (3.1): one entry per event type (and the test event),
// the request a receiver gets, with its payload schema (the DTOs of the public resources) and the Standard
// Webhooks headers.
import type { OpenAPIObject } from '@nestjs/swagger';
import {
  DELIVERED_EVENT_TYPES,
  DeliveredEventType,
  InboundShipmentWebhookEventDto,
  InventoryLevelWebhookEventDto,
  ReturnWebhookEventDto,
  SalesOrderWebhookEventDto,
  ShipmentWebhookEventDto,
  WEBHOOK_EVENT_CATALOG,
  WebhookPayloadKind,
  WebhookTestEventDto,
} from '@gateway/public-api';

export const WEBHOOK_PAYLOAD_MODELS = [
  SalesOrderWebhookEventDto,
  ShipmentWebhookEventDto,
  InventoryLevelWebhookEventDto,
  ReturnWebhookEventDto,
  WebhookTestEventDto,
  InboundShipmentWebhookEventDto,
];

const HEADERS = [
  { name: 'webhook-id', description: 'the id of the event, the same on every retry: use it to discard duplicates' },
  { name: 'webhook-timestamp', description: 'seconds since the epoch when this attempt was signed' },
  {
    name: 'webhook-signature',
    description:
      '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the endpoint secret (Standard Webhooks); while a rotated secret overlaps, two of them separated by a space, `v1,<new> v1,<old>`: accept the request when either verifies',
  },
];

/** The payload DTO of each kind of payload (WEBHOOK_EVENT_CATALOG says which kind each event type carries). */
const MODELS: Record<WebhookPayloadKind, { name: string }> = {
  salesOrder: SalesOrderWebhookEventDto,
  shipment: ShipmentWebhookEventDto,
  inventoryLevel: InventoryLevelWebhookEventDto,
  return: ReturnWebhookEventDto,
  endpoint: WebhookTestEventDto,
  inboundShipment: InboundShipmentWebhookEventDto,
};

/** The schema of the body of one event type: its payload DTO with `type` fixed. */
export function webhookPayloadSchema(type: DeliveredEventType): object {
  return {
    allOf: [{ $ref: `#/components/schemas/${MODELS[WEBHOOK_EVENT_CATALOG[type].payload].name}` }, { type: 'object', properties: { type: { const: type } } }],
  };
}

export function addWebhooks(document: OpenAPIObject): OpenAPIObject {
  const webhooks: Record<string, unknown> = {};
  for (const type of DELIVERED_EVENT_TYPES) {
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        summary: WEBHOOK_EVENT_CATALOG[type].summary,
        description: WEBHOOK_EVENT_CATALOG[type].subscribable
          ? 'Sent to every endpoint subscribed to this event type, at least once, retried on WEBHOOK_RETRY_SCHEDULE until it answers 2xx.'
          : 'Sent to the one endpoint it was asked for, at least once, retried on WEBHOOK_RETRY_SCHEDULE until it answers 2xx.',
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
