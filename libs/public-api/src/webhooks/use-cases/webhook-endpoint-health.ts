// What recorded outcomes do to their endpoints (contract 6.5): failing_since is set by the first failure after
// a success (or ever) and cleared by a success, and an endpoint whose every attempt has failed for
// WEBHOOK_DISABLE_AFTER_FAILING_SECONDS is disabled as FAILING. Run in a transaction of its own after the
// outcomes are recorded, only for the endpoints whose state may change: one that failed, or one that was
// failing when the attempt was claimed and has now answered. (A success from an endpoint that another
// replica marked failing after the claim clears it at the next success instead.) The endpoints are locked
// first, in id order, as deleting or disabling one does.
import { Inject, Injectable } from '@nestjs/common';
import { WebhookEndpointRepository } from '@gateway/persistence';
import { WebhookDeliveryDatabase } from '@gateway/persistence-public';
import { DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS, WEBHOOK_OPTIONS, WebhookOptions } from '../model/webhook-options';
import { EndpointOutcome, failingSinceAfter, hasFailedTooLong } from '../policies/failing-endpoint.policy';

/** A recorded outcome, with its endpoint's failing_since when the attempt was claimed. */
export interface RecordedEndpointOutcome extends EndpointOutcome {
  endpointId: string;
  failingSinceAtClaim: Date | null;
}

@Injectable()
export class WebhookEndpointHealth {
  readonly disableAfterSeconds: number;

  constructor(
    private readonly db: WebhookDeliveryDatabase,
    private readonly endpoints: WebhookEndpointRepository,
    @Inject(WEBHOOK_OPTIONS) options: WebhookOptions,
  ) {
    this.disableAfterSeconds = options.disableAfterFailingSeconds ?? DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS;
  }

  /** True when these outcomes may change an endpoint's state. */
  concerns(outcomes: readonly RecordedEndpointOutcome[]): boolean {
    return outcomes.some((o) => !o.ok || o.failingSinceAtClaim !== null);
  }

  /** Outcomes in the order their answers came; answers the endpoints disabled. */
  async apply(outcomes: readonly RecordedEndpointOutcome[]): Promise<string[]> {
    const concerned = new Set(outcomes.filter((o) => !o.ok || o.failingSinceAtClaim !== null).map((o) => o.endpointId));
    if (concerned.size === 0) return [];
    return this.db.transaction(async (tx) => {
      const { now, endpoints } = await this.endpoints.lockForState(tx, [...concerned].sort());
      const changes: { id: string; failingSince: Date | null }[] = [];
      const failing: string[] = [];
      for (const [id, endpoint] of endpoints) {
        const failingSince = failingSinceAfter(
          endpoint.failingSince,
          outcomes.filter((o) => o.endpointId === id),
        );
        if (failingSince?.getTime() !== endpoint.failingSince?.getTime()) changes.push({ id, failingSince });
        if (endpoint.enabled && hasFailedTooLong(failingSince, now, this.disableAfterSeconds)) failing.push(id);
      }
      await this.endpoints.setFailingSince(tx, changes);
      return this.endpoints.disable(tx, failing, 'FAILING');
    });
  }
}
