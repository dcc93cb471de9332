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
    examples: { demo: { summary: 'shipping notices for a receiver of yours', value: { url: 'https://example.com/webhooks/gateway', eventTypes: ['sales_order.shipped'], description: 'shipping notices' } } },
  })
  @ApiCreatedResponse({ type: CreatedWebhookEndpointDto, description: 'The endpoint with its secret' })
  @ApiProblemResponses(400, 403, 404, 413, 415, 500)
  createWebhookEndpoint(@CurrentCaller() caller: AuthenticatedCaller, @OrganizationIdParam() organizationId: string, @Body() body: CreateWebhookEndpointDto): Promise<CreatedWebhookEndpointDto> {
    return this.endpoints.create(caller.identity, organizationId, body);
  }

  @Get()
  @ApiOperation({ summary: 'The webhook endpoints the caller manages in the organization' })
  @ApiOkResponse({ type: WebhookEndpointListDto, description: 'The endpoints, without secrets' })
  @ApiProblemResponses(400, 403, 404, 500)
  listWebhookEndpoints(@CurrentCaller() caller: AuthenticatedCaller, @OrganizationIdParam() organizationId: string, @Query() _query: NoQueryParameters): Promise<WebhookEndpointListDto> {
    return this.endpoints.list(caller.identity, organizationId);
  }

  @Get(':webhookEndpointId')
  @ApiOperation({ summary: 'One webhook endpoint, without its secret' })
  @ApiOkResponse({ type: WebhookEndpointDto, description: 'The endpoint' })
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
  @ApiOkResponse({ type: WebhookDeliveryAttemptListDto, description: 'The attempts' })
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
