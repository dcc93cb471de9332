import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, NoQueryParameters, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  CreateWebhookEndpointDto,
  CreatedWebhookEndpointDto,
  RecoverWebhookEventsDto,
  RotateWebhookSecretDto,
  UpdateWebhookEndpointDto,
  WEBHOOKS_DOCS,
  WebhookDeliveryAttemptListDto,
  WebhookEndpointDto,
  WebhookEndpointIdParam,
  WebhookEndpointListDto,
  WebhookEndpointsService,
  WebhookRedeliveryService,
  WebhookSecretDto,
  WebhookTestSentDto,
} from '@gateway/public-api';

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
  @Endpoint({ summary: 'Register a webhook endpoint; its signing secret is answered this once', ...WEBHOOKS_DOCS.createWebhookEndpoint })
  createWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointDto> {
    return this.endpoints.create(caller.identity, organizationId, body);
  }

  @Get()
  @Endpoint({ summary: 'The webhook endpoints the caller manages in the organization', ...WEBHOOKS_DOCS.listWebhookEndpoints })
  listWebhookEndpoints(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookEndpointListDto> {
    return this.endpoints.list(caller.identity, organizationId);
  }

  @Get(':webhookEndpointId')
  @Endpoint({ summary: 'One webhook endpoint, without its secret', ...WEBHOOKS_DOCS.getWebhookEndpoint })
  getWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @WebhookEndpointIdParam() id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.get(caller.identity, organizationId, id);
  }

  @Get(':webhookEndpointId/deliveries')
  @Endpoint({ summary: 'The latest 100 delivery attempts of one webhook endpoint, newest first', ...WEBHOOKS_DOCS.listWebhookDeliveries })
  listWebhookDeliveries(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @WebhookEndpointIdParam() id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookDeliveryAttemptListDto> {
    return this.endpoints.latestAttempts(caller.identity, organizationId, id);
  }

  @Patch(':webhookEndpointId')
  @Endpoint({ summary: 'Change a webhook endpoint: its url, event types, description, or whether it is enabled', ...WEBHOOKS_DOCS.updateWebhookEndpoint })
  updateWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @WebhookEndpointIdParam() id: string,
    @Body() body: UpdateWebhookEndpointDto,
  ): Promise<WebhookEndpointDto> {
    return this.endpoints.update(caller.identity, organizationId, id, body);
  }

  @Post(':webhookEndpointId/rotate-secret')
  @HttpCode(200)
  @Endpoint({ summary: 'Roll the signing secret; the new one is answered this once', ...WEBHOOKS_DOCS.rotateWebhookSecret })
  rotateWebhookSecret(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @WebhookEndpointIdParam() id: string,
    // Declared as the class (not `| undefined`), so that its metadata names the DTO and the pipe validates it; no body is the default overlap.
    @Body() body: RotateWebhookSecretDto,
  ): Promise<WebhookSecretDto> {
    return this.endpoints.rotateSecret(caller.identity, organizationId, id, body);
  }

  @Post(':webhookEndpointId/test')
  @HttpCode(202)
  @Endpoint({ summary: 'Send a webhook.test event to this endpoint only', ...WEBHOOKS_DOCS.sendWebhookTest })
  sendWebhookTest(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @WebhookEndpointIdParam() id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<WebhookTestSentDto> {
    return this.redelivery.sendTest(caller.identity, organizationId, id);
  }

  @Post(':webhookEndpointId/recover')
  @HttpCode(202)
  @Endpoint({ summary: 'Send every event since a date to this endpoint again', ...WEBHOOKS_DOCS.recoverWebhookEvents })
  async recoverWebhookEvents(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @WebhookEndpointIdParam() id: string,
    @Body() body: RecoverWebhookEventsDto,
  ): Promise<void> {
    await this.redelivery.recover(caller.identity, organizationId, id, body);
  }

  @Delete(':webhookEndpointId')
  @HttpCode(204)
  @Endpoint({ summary: 'Delete a webhook endpoint', ...WEBHOOKS_DOCS.deleteWebhookEndpoint })
  async deleteWebhookEndpoint(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @WebhookEndpointIdParam() id: string,
    @Query() _query: NoQueryParameters,
  ): Promise<void> {
    await this.endpoints.delete(caller.identity, organizationId, id);
  }
}
