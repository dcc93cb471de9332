import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { WebhookEventPageDto, WebhookEventsFeedService, WebhookEventsQuery } from '@gateway/public-api';

@ApiTags('webhooks')
@Authenticated()
@Controller('v0/organizations/:organizationId/events')
export class WebhookEventsController {
  constructor(private readonly feed: WebhookEventsFeedService) {}

  @Get()
  @ApiOperation({
    summary: "The organization's webhook events, oldest first, in pages",
    description:
      "The payloads the webhooks carry, stored when each event was fanned out (whether or not an endpoint listened) and kept at least 30 days: catch up by reading. id is the webhook-id of the deliveries of the event. Follow nextCursor with the same types and since. Who may read: whoever manages the organization's webhook endpoints; a connector reads only its stores' events.",
  })
  @ApiOkResponse({
    type: WebhookEventPageDto,
    description: 'One page of events, oldest first',
    example: {
      items: [
        {
          id: 'msg_0b6e3c1a9d2f4e5a8b7c6d5e4f3a2b1c_inventory_level.changed',
          type: 'inventory_level.changed',
          timestamp: '2026-09-18T10:16:02.118Z',
          data: { warehouseId: 'wh-ams-1', barcode: '8710000000011', onHand: 40, sellable: 35 },
        },
      ],
      nextCursor: null,
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  listWebhookEvents(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() query: WebhookEventsQuery,
  ): Promise<WebhookEventPageDto> {
    return this.feed.page(caller.identity, organizationId, query);
  }
}
