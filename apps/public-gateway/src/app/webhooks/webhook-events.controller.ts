import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { WEBHOOKS_DOCS, WebhookEventPageDto, WebhookEventsFeedService, WebhookEventsQuery } from '@gateway/public-api';

@ApiTags('webhooks')
@Authenticated()
@Controller('v0/organizations/:organizationId/events')
export class WebhookEventsController {
  constructor(private readonly feed: WebhookEventsFeedService) {}

  @Get()
  @Endpoint({ summary: "The organization's webhook events, oldest first, in pages", ...WEBHOOKS_DOCS.listWebhookEvents })
  listWebhookEvents(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() query: WebhookEventsQuery,
  ): Promise<WebhookEventPageDto> {
    return this.feed.page(caller.identity, organizationId, query);
  }
}
