// Records a batch of delivery outcomes in one transaction: the attempts (and the retries they call for) in
// one statement, each endpoint's failing_since, and the disabling of endpoints that have failed too long
// (contract 6.5). Endpoints are locked first, in id order, as deleting or disabling one does.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AttemptOutcome, Database, WebhookDeliveryRepository, WebhookEndpointRepository } from '@gateway/persistence';
import { WEBHOOK_OPTIONS, WebhookOptions, DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS } from '../model/webhook-options';
import { EndpointOutcome, failingSinceAfter, hasFailedTooLong } from '../policies/failing-endpoint.policy';

export interface EndpointAttemptOutcome extends AttemptOutcome {
  endpointId: string;
}

export interface RecordedOutcomes {
  /** `deliveryId/attempt` of each outcome recorded (the others were no longer PENDING). */
  recorded: Set<string>;
  /** Endpoints this batch disabled as FAILING. */
  disabled: string[];
}

export const attemptKey = (a: { deliveryId: string; attempt: number }) => `${a.deliveryId}/${a.attempt}`;

@Injectable()
export class WebhookOutcomeRecorder {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly disableAfterSeconds: number;

  constructor(
    private readonly db: Database,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpointRepository,
    @Inject(WEBHOOK_OPTIONS) options: WebhookOptions,
  ) {
    this.disableAfterSeconds = options.disableAfterFailingSeconds ?? DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS;
  }

  /** Outcomes in the order their answers came. */
  async record(outcomes: EndpointAttemptOutcome[]): Promise<RecordedOutcomes> {
    const result = await this.db.transaction(async (tx) => {
      const { now, endpoints } = await this.endpoints.lockForOutcomes(tx, [...new Set(outcomes.map((o) => o.endpointId))].sort());
      const live = outcomes.filter((o) => endpoints.has(o.endpointId));
      const recorded = new Set((await this.deliveries.recordOutcomes(tx, live)).map(attemptKey));
      const byEndpoint = new Map<string, EndpointOutcome[]>();
      for (const outcome of live) {
        if (!recorded.has(attemptKey(outcome))) continue;
        const list = byEndpoint.get(outcome.endpointId) ?? [];
        list.push({ ok: outcome.status === 'SUCCEEDED', attemptedAt: outcome.attemptedAt });
        byEndpoint.set(outcome.endpointId, list);
      }
      const changes: { id: string; failingSince: Date | null }[] = [];
      const failing: string[] = [];
      for (const [id, list] of byEndpoint) {
        const endpoint = endpoints.get(id) as { enabled: boolean; failingSince: Date | null };
        const failingSince = failingSinceAfter(endpoint.failingSince, list);
        if (failingSince?.getTime() !== endpoint.failingSince?.getTime()) changes.push({ id, failingSince });
        if (endpoint.enabled && hasFailedTooLong(failingSince, now, this.disableAfterSeconds)) failing.push(id);
      }
      await this.endpoints.setFailingSince(tx, changes);
      const disabled = await this.endpoints.disable(tx, failing, 'FAILING');
      return { recorded, disabled };
    });
    for (const id of result.disabled) this.logger.warn(`webhook endpoint ${id} disabled: every attempt failed for ${this.disableAfterSeconds} s`);
    return result;
  }
}
