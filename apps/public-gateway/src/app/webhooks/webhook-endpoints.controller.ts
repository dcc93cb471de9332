import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, NoQueryParameters, OrganizationIdParam, UuidParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION,
  CreateWebhookEndpointDto,
  CreatedWebhookEndpointDto,
  RecoverWebhookEventsDto,
  RotateWebhookSecretDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryAttemptListDto,
  WebhookEndpointDto,
  WebhookEndpointListDto,
  WebhookEndpointsService,
  WebhookRedeliveryService,
  WebhookSecretDto,
  WebhookTestSentDto,
} from '@gateway/public-api';

const WEBHOOK_ENDPOINT_EXAMPLE = { value: '7c9e6679-7425-40de-944b-e07fc1f90ae7', summary: 'an id of this shape: use the id of an endpoint you registered' };

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
@ApiTags('webhooks')
@Authenticated()
@Controller('v0/organizations/:organizationId/webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly endpoints: WebhookEndpointsService,
    private readonly redelivery: WebhookRedeliveryService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Register a webhook endpoint; its signing secret is answered this once',
    description: `An organization has at most WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION (${DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION}) endpoints, enabled or not: one more is a 409 problem (webhook-endpoint-limit).`,
  })
  @ApiBody({
    type: CreateWebhookEndpointDto,
    examples: {
      demo: {
        summary: 'shipping notices for a receiver of yours (a name that never resolves: put your own)',
        value: { url: 'https://receiver.invalid/hook', eventTypes: ['sales_order.shipped'], description: 'shipping notices' },
      },
    },
  })
  @ApiCreatedResponse({
    type: CreatedWebhookEndpointDto,
    description: 'The endpoint with its secret',
    example: { ...ENDPOINT_EXAMPLE, secret: 'whsec_1kycNSt9uT+EfzSyWNiU2KO0DUEYMn8Kx+O3yVNXElo=' },
  })
  @ApiProblemResponses(400, 403, 404, 409, 413, 415, 500)
  createWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointDto> {
    return this.endpoints.create(caller.identity, organizationId, body);
  }

  @Get()
  @ApiOperation({ summary: 'The webhook endpoints the caller manages in the organization' })
  @ApiOkResponse({ type: WebhookEndpointListDto, description: 'The endpoints, without secrets', example: { items: [ENDPOINT_EXAMPLE] } })
  @ApiProblemResponses(400, 403, 404, 500)
  listWebhookEndpoints(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookEndpointListDto> {
    return this.endpoints.list(caller.identity, organizationId);
  }

  @Get(':webhookEndpointId')
  @ApiOperation({ summary: 'One webhook endpoint, without its secret' })
  @ApiOkResponse({ type: WebhookEndpointDto, description: 'The endpoint', example: ENDPOINT_EXAMPLE })
  @ApiProblemResponses(400, 403, 404, 500)
  getWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @UuidParam('webhookEndpointId', 'the webhook endpoint', WEBHOOK_ENDPOINT_EXAMPLE) id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.get(caller.identity, organizationId, id);
  }

  @Get(':webhookEndpointId/deliveries')
  @ApiOperation({ summary: 'The latest 100 delivery attempts of one webhook endpoint, newest first' })
  @ApiOkResponse({
    type: WebhookDeliveryAttemptListDto,
    description: 'The attempts',
    example: {
      items: [
        {
          eventId: 'evt_5b0f6c1e-2d7a-4c3b-9e8f-1a2b3c4d5e6f_43ab9134',
          eventType: 'sales_order.shipped',
          attempt: 2,
          status: 'PENDING',
          responseStatus: null,
          attemptedAt: null,
          nextAttemptAt: '2026-09-18T10:20:05.000Z',
        },
        {
          eventId: 'evt_5b0f6c1e-2d7a-4c3b-9e8f-1a2b3c4d5e6f_43ab9134',
          eventType: 'sales_order.shipped',
          attempt: 1,
          status: 'FAILED',
          responseStatus: 503,
          attemptedAt: '2026-09-18T10:20:00.000Z',
          nextAttemptAt: '2026-09-18T10:20:05.000Z',
        },
      ],
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  listWebhookDeliveries(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @UuidParam('webhookEndpointId', 'the webhook endpoint', WEBHOOK_ENDPOINT_EXAMPLE) id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookDeliveryAttemptListDto> {
    return this.endpoints.latestAttempts(caller.identity, organizationId, id);
  }

  @Patch(':webhookEndpointId')
  @ApiOperation({
    summary: 'Change a webhook endpoint: its url, event types, description, or whether it is enabled',
    description:
      'Only the properties sent change. A new url passes the checks of registration. enabled false disables the endpoint (disabledReason MANUAL): it is sent nothing and its pending deliveries are dropped. enabled true enables one disabled MANUAL or FAILING: it is sent what is fanned out from then on (recover catches up). One disabled as CLIENT_REVOKED cannot be enabled again (409).',
  })
  @ApiBody({
    type: UpdateWebhookEndpointDto,
    examples: {
      move: {
        summary: 'a new receiver and one more event type',
        value: { url: 'https://receiver.invalid/v2', eventTypes: ['sales_order.shipped', 'sales_order.cancelled'] },
      },
      pause: { summary: 'pause deliveries', value: { enabled: false } },
    },
  })
  @ApiOkResponse({
    type: WebhookEndpointDto,
    description: 'The endpoint as it now is, without its secret',
    example: { ...ENDPOINT_EXAMPLE, url: 'https://receiver.invalid/v2', eventTypes: ['sales_order.shipped', 'sales_order.cancelled'] },
  })
  @ApiProblemResponses(400, 403, 404, 409, 413, 415, 500)
  updateWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @UuidParam('webhookEndpointId', 'the webhook endpoint', WEBHOOK_ENDPOINT_EXAMPLE) id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.update(caller.identity, organizationId, id, body);
  }

  @Post(':webhookEndpointId/rotate-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Roll the signing secret; the new one is answered this once',
    description:
      'For overlapSeconds (default 86400, at most a day) every delivery carries two signatures in webhook-signature, `v1,<new> v1,<old>`, so a receiver holding either secret verifies it while you deploy the new one. 0 ends the old secret at once.',
  })
  @ApiBody({
    type: RotateWebhookSecretDto,
    required: false,
    examples: { hour: { summary: 'keep the old secret valid for an hour', value: { overlapSeconds: 3600 } } },
  })
  @ApiOkResponse({ type: WebhookSecretDto, description: 'The new secret', example: { secret: 'whsec_pV0sQ3c9bEw2mJ4kT8yZr1nX6aD5fH7gL0uC2iO9eKs=' } })
  @ApiProblemResponses(400, 403, 404, 413, 415, 500)
  rotateWebhookSecret(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @UuidParam('webhookEndpointId', 'the webhook endpoint', WEBHOOK_ENDPOINT_EXAMPLE) id: string,
    // Declared as the class (not `| undefined`), so that its metadata names the DTO and the pipe validates it; no body is the default overlap.
    @Body() body: RotateWebhookSecretDto,
  ): Promise<WebhookSecretDto> {
    return this.endpoints.rotateSecret(caller.identity, organizationId, id, body);
  }

  @Post(':webhookEndpointId/test')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a webhook.test event to this endpoint only',
    description:
      'Signed and retried like any delivery; its webhook-id is the eventId answered, which its attempts carry in GET .../deliveries. A disabled endpoint answers 409. An endpoint is sent at most 10 test events a minute, whoever asks: past that, a 429 problem (webhook-test-limit) whose Retry-After says when the next may be sent. Test events are not in the events feed, and are kept as long as delivery attempts (WEBHOOK_DELIVERY_RETENTION_DAYS).',
  })
  @ApiAcceptedResponse({
    type: WebhookTestSentDto,
    description: 'Queued for delivery',
    example: { eventId: 'msg_6f1c2d3e4a5b4c6d8e9fa0b1c2d3e4f5_webhook.test' },
  })
  @ApiProblemResponses(400, 403, 404, 409, 413, 415, 500)
  // Its own 429 besides the quota's (which @Authenticated documents on every operation).
  @ApiResponse({
    status: 429,
    description:
      'Too Many Requests: 10 test events were sent to this endpoint in the last minute (webhook-test-limit), or the client is past its request quota (rate-limited); Retry-After says when to send again',
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetailsDto' } } },
  })
  sendWebhookTest(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @UuidParam('webhookEndpointId', 'the webhook endpoint', WEBHOOK_ENDPOINT_EXAMPLE) id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookTestSentDto> {
    return this.redelivery.sendTest(caller.identity, organizationId, id);
  }

  @Post(':webhookEndpointId/recover')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send every event since a date to this endpoint again',
    description:
      "Every stored event that occurred at or after since (at most 30 days back), up to the last one stored now, that the endpoint's event types (and, for a connector's endpoint, its stores) match, is delivered again with its original webhook-id, those delivered before included: deduplicate by webhook-id. Each starts the retry schedule over. The work is done in the background, in batches, taking turns with other organizations' recovers. An endpoint has one recover at a time: another asked while one runs answers a 409 problem (webhook-recover-in-progress); ask again once it has ended. A disabled endpoint answers 409 (webhook-endpoint-disabled).",
  })
  @ApiBody({ type: RecoverWebhookEventsDto, examples: { outage: { summary: 'everything since an outage began', value: { since: '2026-11-20T08:00:00Z' } } } })
  @ApiAcceptedResponse({ description: 'Queued: the events are sent again in the background' })
  @ApiProblemResponses(400, 403, 404, 409, 413, 415, 500)
  async recoverWebhookEvents(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @UuidParam('webhookEndpointId', 'the webhook endpoint', WEBHOOK_ENDPOINT_EXAMPLE) id: string,
    @Body() body: RecoverWebhookEventsDto,
  ): Promise<void> {
    await this.redelivery.recover(caller.identity, organizationId, id, body);
  }

  @Delete(':webhookEndpointId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook endpoint' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblemResponses(400, 403, 404, 500)
  async deleteWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @UuidParam('webhookEndpointId', 'the webhook endpoint', WEBHOOK_ENDPOINT_EXAMPLE) id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<void> {
    await this.endpoints.delete(caller.identity, organizationId, id);
  }
}
