// The OpenAPI documentation of the webhook endpoint operations and the events feed, and the endpoint id path
// parameter with its example (the controllers state the summaries).
import { UuidParam, operationDocs } from '@gateway/platform';
import { WebhookDeliveryAttemptListDto } from './webhook-delivery.dto';
import { RecoverWebhookEventsDto, RotateWebhookSecretDto, WebhookSecretDto, WebhookTestSentDto } from './webhook-endpoint-operations.dto';
import {
  CreateWebhookEndpointDto,
  CreatedWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookEndpointDto,
  WebhookEndpointListDto,
} from './webhook-endpoint.dto';
import { WebhookEventPageDto } from './webhook-event-feed.dto';
import { DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION } from '../model/webhook-options';

export const WebhookEndpointIdParam = () =>
  UuidParam('webhookEndpointId', 'the webhook endpoint', {
    value: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    summary: 'an id of this shape: use the id of an endpoint you registered',
  });

/** An endpoint as the examples show it (a receiver name that never resolves). */
const ENDPOINT_EXAMPLE = {
  id: '43ab9134-c6ed-4106-b786-e80e4927e6c0',
  url: 'https://receiver.invalid/hook',
  eventTypes: ['sales_order.shipped'],
  description: 'shipping notices',
  enabled: true,
  disabledReason: null,
  createdAt: '2026-09-18T10:15:00.000Z',
};
const MOVED_ENDPOINT_EXAMPLE = { url: 'https://receiver.invalid/v2', eventTypes: ['sales_order.shipped', 'sales_order.cancelled'] };
const ATTEMPT_EXAMPLE = { eventId: 'evt_5b0f6c1e-2d7a-4c3b-9e8f-1a2b3c4d5e6f_43ab9134', eventType: 'sales_order.shipped' };
const RETRY_AT = '2026-09-18T10:20:05.000Z';

export const WEBHOOKS_DOCS = operationDocs({
  createWebhookEndpoint: {
    description: `An organization has at most WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION (${DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION}) endpoints, enabled or not: one more is a 409 problem (webhook-endpoint-limit).`,
    body: {
      type: CreateWebhookEndpointDto,
      examples: {
        demo: {
          summary: 'shipping notices for a receiver of yours (a name that never resolves: put your own)',
          value: { url: ENDPOINT_EXAMPLE.url, eventTypes: ENDPOINT_EXAMPLE.eventTypes, description: ENDPOINT_EXAMPLE.description },
        },
      },
    },
    answer: {
      status: 201,
      type: CreatedWebhookEndpointDto,
      description: 'The endpoint with its secret',
      example: { ...ENDPOINT_EXAMPLE, secret: 'whsec_1kycNSt9uT+EfzSyWNiU2KO0DUEYMn8Kx+O3yVNXElo=' },
    },
    problems: [400, 403, 404, 409, 413, 415, 500],
  },
  listWebhookEndpoints: {
    answer: { type: WebhookEndpointListDto, description: 'The endpoints, without secrets', example: { items: [ENDPOINT_EXAMPLE] } },
    problems: [400, 403, 404, 500],
  },
  getWebhookEndpoint: {
    answer: { type: WebhookEndpointDto, description: 'The endpoint', example: ENDPOINT_EXAMPLE },
    problems: [400, 403, 404, 500],
  },
  listWebhookDeliveries: {
    answer: {
      type: WebhookDeliveryAttemptListDto,
      description: 'The attempts',
      example: {
        items: [
          { ...ATTEMPT_EXAMPLE, attempt: 2, status: 'PENDING', responseStatus: null, attemptedAt: null, nextAttemptAt: RETRY_AT },
          { ...ATTEMPT_EXAMPLE, attempt: 1, status: 'FAILED', responseStatus: 503, attemptedAt: '2026-09-18T10:20:00.000Z', nextAttemptAt: RETRY_AT },
        ],
      },
    },
    problems: [400, 403, 404, 500],
  },
  updateWebhookEndpoint: {
    description:
      'Only the properties sent change. A new url passes the checks of registration. enabled false disables the endpoint (disabledReason MANUAL): it is sent nothing and its pending deliveries are dropped. enabled true enables one disabled MANUAL or FAILING: it is sent what is fanned out from then on (recover catches up). One disabled as CLIENT_REVOKED cannot be enabled again (409).',
    body: {
      type: UpdateWebhookEndpointDto,
      examples: {
        move: { summary: 'a new receiver and one more event type', value: MOVED_ENDPOINT_EXAMPLE },
        pause: { summary: 'pause deliveries', value: { enabled: false } },
      },
    },
    answer: {
      type: WebhookEndpointDto,
      description: 'The endpoint as it now is, without its secret',
      example: { ...ENDPOINT_EXAMPLE, ...MOVED_ENDPOINT_EXAMPLE },
    },
    problems: [400, 403, 404, 409, 413, 415, 500],
  },
  rotateWebhookSecret: {
    description:
      'For overlapSeconds (default 86400, at most a day) every delivery carries two signatures in webhook-signature, `v1,<new> v1,<old>`, so a receiver holding either secret verifies it while you deploy the new one. 0 ends the old secret at once.',
    body: {
      type: RotateWebhookSecretDto,
      required: false,
      examples: { hour: { summary: 'keep the old secret valid for an hour', value: { overlapSeconds: 3600 } } },
    },
    answer: { type: WebhookSecretDto, description: 'The new secret', example: { secret: 'whsec_pV0sQ3c9bEw2mJ4kT8yZr1nX6aD5fH7gL0uC2iO9eKs=' } },
    problems: [400, 403, 404, 413, 415, 500],
  },
  sendWebhookTest: {
    description:
      'Signed and retried like any delivery; its webhook-id is the eventId answered, which its attempts carry in GET .../deliveries. A disabled endpoint answers 409. An endpoint is sent at most 10 test events a minute, whoever asks: past that, a 429 problem (webhook-test-limit) whose Retry-After says when the next may be sent. Test events are not in the events feed, and are kept as long as delivery attempts (WEBHOOK_DELIVERY_RETENTION_DAYS).',
    answer: {
      status: 202,
      type: WebhookTestSentDto,
      description: 'Queued for delivery',
      example: { eventId: 'msg_6f1c2d3e4a5b4c6d8e9fa0b1c2d3e4f5_webhook.test' },
    },
    problems: [
      400,
      403,
      404,
      409,
      413,
      415,
      500,
      // Its own 429 besides the quota's (which @Authenticated documents on every operation).
      {
        status: 429,
        description:
          'Too Many Requests: 10 test events were sent to this endpoint in the last minute (webhook-test-limit), or the client is past its request quota (rate-limited); Retry-After says when to send again',
      },
    ],
  },
  recoverWebhookEvents: {
    description:
      "Every stored event that occurred at or after since (at most 30 days back), up to the last one stored now, that the endpoint's event types (and, for a connector's endpoint, its stores) match, is delivered again with its original webhook-id, those delivered before included: deduplicate by webhook-id. Each starts the retry schedule over. The work is done in the background, in batches, taking turns with other organizations' recovers. An endpoint has one recover at a time: another asked while one runs answers a 409 problem (webhook-recover-in-progress); ask again once it has ended. A disabled endpoint answers 409 (webhook-endpoint-disabled).",
    body: { type: RecoverWebhookEventsDto, examples: { outage: { summary: 'everything since an outage began', value: { since: '2026-11-20T08:00:00Z' } } } },
    answer: { status: 202, description: 'Queued: the events are sent again in the background' },
    problems: [400, 403, 404, 409, 413, 415, 500],
  },
  deleteWebhookEndpoint: {
    answer: { status: 204, description: 'Deleted' },
    problems: [400, 403, 404, 500],
  },
  listWebhookEvents: {
    description:
      "The payloads the webhooks carry, stored when each event was fanned out (whether or not an endpoint listened) and kept at least 30 days: catch up by reading. id is the webhook-id of the deliveries of the event. Follow nextCursor with the same types and since. Who may read: whoever manages the organization's webhook endpoints; a connector reads only its stores' events.",
    answer: {
      type: WebhookEventPageDto,
      description: 'One page of events, oldest first',
      example: {
        items: [
          {
            id: 'msg_0b6e3c1a9d2f4e5a8b7c6d5e4f3a2b1c_inventory_level.changed',
            type: 'inventory_level.changed',
            timestamp: '2026-09-18T10:16:02.118Z',
            environment: 'live',
            data: { warehouseId: 'wh-ams-1', barcode: '8710000000011', onHand: 40, sellable: 35 },
          },
        ],
        nextCursor: null,
      },
    },
    problems: [400, 403, 404, 500],
  },
});
