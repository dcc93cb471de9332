// The events feed (contract 6.5): an organization's stored webhook payloads, oldest first, in keyset pages
// behind a sealed cursor bound to the organization and the query. Same access as the endpoints: a connector
// reads only its connections' stores' events (and their warehouses' inventory). The test events stay out.
import { Injectable } from '@nestjs/common';
import { ReplicaReads } from '@gateway/persistence';
import { WebhookEventRepository } from '@gateway/persistence-public';
import { CallerIdentity, CursorSealer, CursorOf, cursorField, cursorShape } from '@gateway/domain';
import { EVENT_FEED_LIMIT, WebhookEventDto, WebhookEventPageDto, WebhookEventsQuery } from '../dto/webhook-event-feed.dto';
import { WebhookEndpointAccessPolicy } from '../policies/webhook-endpoint-access.policy';

const PURPOSE = 'webhook-events cursor v1';

const isCursor = cursorShape({
  organizationId: cursorField.string,
  types: cursorField.nullable(cursorField.strings),
  since: cursorField.nullable(cursorField.string),
  /** The last event of the page it follows. */
  sequence: cursorField.digits,
});
type EventFeedCursor = CursorOf<typeof isCursor>;

@Injectable()
export class WebhookEventsFeedService {
  constructor(
    // The event history may lag (contract section 8): the replica's when there is one. A lagging replica shows a
    // prefix of the feed (an organization's events are stored in sequence order, one fan-out at a time), and the
    // next page goes on after the last event shown, so a page never skips one. The access check reads the primary.
    private readonly db: ReplicaReads,
    private readonly policy: WebhookEndpointAccessPolicy,
    private readonly events: WebhookEventRepository,
    private readonly cursors: CursorSealer,
  ) {}

  async page(identity: CallerIdentity, organizationId: string, query: WebhookEventsQuery): Promise<WebhookEventPageDto> {
    await this.policy.assertCanManage(identity, organizationId);
    const types = query.types === undefined ? null : [...new Set(query.types.split(','))].sort();
    const since = query.since ?? null;
    let afterSequence: string | null = null;
    if (query.cursor !== undefined) {
      const cursor = await this.cursors.openForQuery(
        PURPOSE,
        query.cursor,
        isCursor,
        (sent) => sent.organizationId === organizationId && JSON.stringify(sent.types) === JSON.stringify(types) && sent.since === since,
        'organization, types and since',
      );
      afterSequence = cursor.sequence;
    }
    const limit = query.limit ?? EVENT_FEED_LIMIT.default;
    const rows = await this.events.page(
      this.db,
      {
        organizationId,
        types,
        since,
        afterSequence,
        throughSequence: null,
        connectionIds: identity.clientType === 'CONNECTOR' ? identity.connectionIds : null,
      },
      limit + 1,
    );
    const page = rows.slice(0, limit);
    const items = page.map((row): WebhookEventDto => {
      const payload = JSON.parse(row.body) as Omit<WebhookEventDto, 'id'>;
      // Events stored before organizations had environments are all of live organizations.
      return { id: row.webhookId, type: payload.type, timestamp: payload.timestamp, environment: payload.environment ?? 'live', data: payload.data };
    });
    const nextCursor =
      rows.length > limit
        ? await this.cursors.seal(PURPOSE, { organizationId, types, since, sequence: page[page.length - 1].sequence } satisfies EventFeedCursor)
        : null;
    return { items, nextCursor };
  }
}
