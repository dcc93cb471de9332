import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, NoQueryParameters, OrganizationIdParam, UuidParam } from '@gateway/platform';
import {
  Authenticated,
  AuthenticatedCaller,
  CreateWebhookEndpointDto,
  CreatedWebhookEndpointDto,
  CurrentCaller,
  WebhookDeliveryAttemptListDto,
  WebhookEndpointDto,
  WebhookEndpointListDto,
  WebhookEndpointsService,
} from '@gateway/domain';

const WEBHOOK_ENDPOINT_EXAMPLE = { value: '7c9e6679-7425-40de-944b-e07fc1f90ae7', summary: 'an id of this shape: use the id of an endpoint you registered' };

@ApiTags('webhooks')
@Authenticated()
@Controller('v0/organizations/:organizationId/webhook-endpoints')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Register a webhook endpoint; its signing secret is answered this once' })
  @ApiBody({
    type: CreateWebhookEndpointDto,
    examples: { demo: { summary: 'shipping notices for a receiver of yours (a name that never resolves: put your own)', value: { url: 'https://receiver.invalid/hook', eventTypes: ['sales_order.shipped'], description: 'shipping notices' } } },
  })
  @ApiCreatedResponse({ type: CreatedWebhookEndpointDto, description: 'The endpoint with its secret', example: { id: '43ab9134-c6ed-4106-b786-e80e4927e6c0', url: 'https://receiver.invalid/hook', eventTypes: ['sales_order.shipped'], description: 'shipping notices', createdAt: '2026-09-18T10:15:00.000Z', secret: 'whsec_1kycNSt9uT+EfzSyWNiU2KO0DUEYMn8Kx+O3yVNXElo=' } })
  @ApiProblemResponses(400, 403, 404, 413, 415, 500)
  createWebhookEndpoint(@CurrentCaller() caller: AuthenticatedCaller, @OrganizationIdParam() organizationId: string, @Body() body: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpointDto> {
    return this.endpoints.create(caller.identity, organizationId, body);
  }

  @Get()
  @ApiOperation({ summary: 'The webhook endpoints the caller manages in the organization' })
  @ApiOkResponse({ type: WebhookEndpointListDto, description: 'The endpoints, without secrets', example: { items: [{ id: '43ab9134-c6ed-4106-b786-e80e4927e6c0', url: 'https://receiver.invalid/hook', eventTypes: ['sales_order.shipped'], description: 'shipping notices', createdAt: '2026-09-18T10:15:00.000Z' }] } })
  @ApiProblemResponses(400, 403, 404, 500)
  listWebhookEndpoints(@CurrentCaller() caller: AuthenticatedCaller, @OrganizationIdParam() organizationId: string, @Query() _query: NoQueryParameters): Promise<WebhookEndpointListDto> {
    return this.endpoints.list(caller.identity, organizationId);
  }

  @Get(':webhookEndpointId')
  @ApiOperation({ summary: 'One webhook endpoint, without its secret' })
  @ApiOkResponse({ type: WebhookEndpointDto, description: 'The endpoint', example: { id: '43ab9134-c6ed-4106-b786-e80e4927e6c0', url: 'https://receiver.invalid/hook', eventTypes: ['sales_order.shipped'], description: 'shipping notices', createdAt: '2026-09-18T10:15:00.000Z' } })
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
  @ApiOperation({ summary: "The latest 100 delivery attempts of one webhook endpoint, newest first" })
  @ApiOkResponse({
    type: WebhookDeliveryAttemptListDto,
    description: 'The attempts',
    example: {
      items: [
        { eventId: 'evt_5b0f6c1e-2d7a-4c3b-9e8f-1a2b3c4d5e6f_43ab9134', eventType: 'sales_order.shipped', attempt: 2, status: 'PENDING', responseStatus: null, attemptedAt: null, nextAttemptAt: '2026-09-18T10:20:05.000Z' },
        { eventId: 'evt_5b0f6c1e-2d7a-4c3b-9e8f-1a2b3c4d5e6f_43ab9134', eventType: 'sales_order.shipped', attempt: 1, status: 'FAILED', responseStatus: 503, attemptedAt: '2026-09-18T10:20:00.000Z', nextAttemptAt: '2026-09-18T10:20:05.000Z' },
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
