// Sending to one endpoint on request (contract 6.5): a webhook.test event, and recover (every stored event
// since a date that the endpoint's types and scope match, again, with its original webhook-id). Both only to
// an enabled endpoint (409 otherwise), both through the delivery queue, signed and retried like any delivery.
// Both bounded (contract 7): at most WEBHOOK_TESTS_PER_MINUTE test events a minute to one endpoint (429 past
// it), and one recover outstanding per endpoint (another asked meanwhile is a 409).
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadRequestProblem, ConflictProblem, NotFoundProblem, TooManyRequestsProblem } from '@gateway/platform';
import { Database, EndpointOwner, OrganizationRepository, Queryable, WebhookEndpointRepository, WebhookEndpointRow } from '@gateway/persistence';
import { WebhookDeliveryRepository, WebhookEventRepository } from '@gateway/persistence-public';
import { CallerIdentity } from '@gateway/domain';
import { WEBHOOK_TEST_EVENT_TYPE } from '../model/webhook-event-types';
import { RECOVER_MAX_DAYS, RecoverWebhookEventsDto, WebhookTestSentDto } from '../dto/webhook-endpoint-operations.dto';
import { webhookIdOf } from '../model/webhook-event-mapping';
import { WebhookEndpointAccessPolicy } from '../policies/webhook-endpoint-access.policy';
import { WEBHOOK_ENDPOINT_NOT_FOUND } from './webhook-endpoints.service';
import { WebhookDeliveryQueue } from './webhook-delivery-queue';
import { WebhookRecoverJob } from './webhook-recover.job';

const DAY_MS = 86_400_000;
/** Test events one endpoint is sent at most in any WEBHOOK_TEST_WINDOW_SECONDS, whoever asks. */
export const WEBHOOK_TESTS_PER_MINUTE = 10;
const WEBHOOK_TEST_WINDOW_SECONDS = 60;

/** An instant as the payloads write it: UTC with microseconds. */
export function payloadTimestamp(at: Date): string {
  return at.toISOString().replace('Z', '000Z');
}

@Injectable()
export class WebhookRedeliveryService {
  constructor(
    private readonly db: Database,
    private readonly policy: WebhookEndpointAccessPolicy,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly events: WebhookEventRepository,
    private readonly deliveryQueue: WebhookDeliveryQueue,
    private readonly recoverJob: WebhookRecoverJob,
    private readonly organizations: OrganizationRepository,
  ) {}

  /** A webhook.test event for this endpoint only, stored (out of the feed) and queued; answers its webhook-id. */
  async sendTest(identity: CallerIdentity, organizationId: string, id: string): Promise<WebhookTestSentDto> {
    const owner = await this.policy.assertCanManage(identity, organizationId);
    const eventId = randomUUID();
    const webhookId = webhookIdOf(eventId, WEBHOOK_TEST_EVENT_TYPE);
    await this.db.transaction(async (tx) => {
      await this.enabledEndpoint(tx, organizationId, owner, id);
      const wait = await this.deliveries.holdTestSends(tx, id, WEBHOOK_TESTS_PER_MINUTE, WEBHOOK_TEST_WINDOW_SECONDS);
      if (wait !== null)
        throw new TooManyRequestsProblem(
          `This webhook endpoint was sent ${WEBHOOK_TESTS_PER_MINUTE} test events in the last minute, as many as it is sent; the next may be sent in ${Math.max(1, Math.ceil(wait))} s.`,
          wait,
          'webhook-test-limit',
        );
      const timestamp = payloadTimestamp(new Date());
      const environment = (await this.organizations.environment(tx, organizationId)) ?? 'live';
      await this.deliveries.storeEvents(tx, [
        {
          webhookId,
          organizationId,
          eventId,
          eventType: WEBHOOK_TEST_EVENT_TYPE,
          occurredAt: timestamp,
          storeId: null,
          warehouseId: null,
          body: JSON.stringify({ type: WEBHOOK_TEST_EVENT_TYPE, timestamp, environment, data: { endpointId: id } }),
        },
      ]);
      await this.deliveryQueue.enqueue(tx, [{ id: randomUUID(), organizationId, endpointId: id, eventId, eventType: WEBHOOK_TEST_EVENT_TYPE, webhookId }]);
    });
    this.deliveryQueue.wake();
    return { eventId: webhookId };
  }

  /**
   * Queues the recover of every stored event since `since` (at most RECOVER_MAX_DAYS back, not in the future)
   * up to the organization's last stored event now; WebhookRecoverJob sends them in batches. A 409 problem
   * while a recover of the endpoint is outstanding.
   */
  async recover(identity: CallerIdentity, organizationId: string, id: string, body: RecoverWebhookEventsDto): Promise<void> {
    const owner = await this.policy.assertCanManage(identity, organizationId);
    const since = Date.parse(body.since);
    const now = Date.now();
    if (since > now) throw new BadRequestProblem('The request is not valid.', [{ pointer: '/since', message: 'must not be in the future' }]);
    if (since < now - RECOVER_MAX_DAYS * DAY_MS)
      throw new BadRequestProblem('The request is not valid.', [{ pointer: '/since', message: `must be at most ${RECOVER_MAX_DAYS} days back` }]);
    const running = await this.db.transaction(async (tx) => {
      await this.enabledEndpoint(tx, organizationId, owner, id);
      const through = await this.events.lastSequence(tx, organizationId);
      return through === null ? null : this.recoverJob.start(tx, { organizationId, endpointId: id, since: body.since, throughSequence: through });
    });
    if (running)
      throw new ConflictProblem(
        `A recover of this webhook endpoint is in progress: it sends again every event since ${running.since.toISOString()}, as asked at ${running.requestedAt.toISOString()}. Ask again once it has ended.`,
        'webhook-recover-in-progress',
      );
    this.recoverJob.wake();
  }

  /** The endpoint, held as read until the transaction ends; 404 when the caller manages no such endpoint, 409 when it is disabled. */
  private async enabledEndpoint(tx: Queryable, organizationId: string, owner: EndpointOwner, id: string): Promise<WebhookEndpointRow> {
    const endpoint = await this.endpoints.find(tx, organizationId, owner, id, 'FOR SHARE');
    if (!endpoint) throw new NotFoundProblem(WEBHOOK_ENDPOINT_NOT_FOUND);
    if (!endpoint.enabled)
      throw new ConflictProblem(`The webhook endpoint is disabled (${endpoint.disabledReason}): nothing is sent to it.`, 'webhook-endpoint-disabled');
    return endpoint;
  }
}
