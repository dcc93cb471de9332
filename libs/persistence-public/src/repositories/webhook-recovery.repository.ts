// SQL of the recovers outstanding (webhook_recoveries): at most one per endpoint, taken a batch at a time by
// whichever process's recover worker claims it, round-robin over organizations (webhook_recovery_turns).
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';

export interface NewWebhookRecovery {
  organizationId: string;
  endpointId: string;
  /** Events that occurred at or after this instant. */
  since: string;
  /** The organization's last stored event when the recover was asked: later ones are the dispatcher's. */
  throughSequence: string;
}

/** A recover outstanding, as a request that finds it is told. */
export interface OutstandingWebhookRecovery {
  since: Date;
  requestedAt: Date;
}

/** A recover whose next batch a worker claimed (its row locked until the batch's transaction ends). */
export interface ClaimedWebhookRecovery {
  organizationId: string;
  endpointId: string;
  /** As Postgres writes it, so that it reads back to the same microsecond. */
  since: string;
  /** The next batch starts after this stored event; null: at the first. */
  afterSequence: string | null;
  throughSequence: string;
  failures: number;
}

@Injectable()
export class WebhookRecoveryRepository {
  /**
   * Records a recover of the endpoint, unless one is outstanding: then answers that one and writes nothing.
   * A concurrent request's row not yet committed is waited for (the primary key), so of many at once
   * exactly one records its recover.
   */
  async start(tx: Queryable, recovery: NewWebhookRecovery): Promise<OutstandingWebhookRecovery | null> {
    const { rowCount } = await tx.query(
      `INSERT INTO webhook_recoveries (endpoint_id, organization_id, since, through_sequence) VALUES ($1, $2, $3, $4) ON CONFLICT (endpoint_id) DO NOTHING`,
      [recovery.endpointId, recovery.organizationId, recovery.since, recovery.throughSequence],
    );
    if (rowCount === 1) return null;
    const { rows } = await tx.query<{ since: Date; requested_at: Date }>('SELECT since, requested_at FROM webhook_recoveries WHERE endpoint_id = $1', [
      recovery.endpointId,
    ]);
    // Gone between the two statements (its last batch committed): the request may be asked again.
    return rows[0] ? { since: rows[0].since, requestedAt: rows[0].requested_at } : null;
  }

  /**
   * Records a recover already under way (a batch job of an earlier version), unless the endpoint has one or
   * is gone or disabled.
   */
  async resume(q: Queryable, recovery: NewWebhookRecovery & { afterSequence: string | null }): Promise<void> {
    await q.query(
      `INSERT INTO webhook_recoveries (endpoint_id, organization_id, since, after_sequence, through_sequence)
       SELECT e.id, e.organization_id, $3, $4, $5 FROM webhook_endpoints e WHERE e.organization_id = $1 AND e.id = $2 AND e.enabled
       ON CONFLICT (endpoint_id) DO NOTHING`,
      [recovery.organizationId, recovery.endpointId, recovery.since, recovery.afterSequence, recovery.throughSequence],
    );
  }

  /**
   * Claims the next batch to run, held until the transaction ends: of the organization that had a batch
   * least recently (or never), its recover that had one least recently, among those not locked by another
   * worker and not waiting after a failure. The endpoint's row is held FOR SHARE with it (a disabling or a
   * deletion waits for the batch); both are taken without waiting, so a claim never waits for a disabling
   * that waits for it.
   */
  async claimNext(tx: Queryable): Promise<ClaimedWebhookRecovery | null> {
    const { rows } = await tx.query<{
      organization_id: string;
      endpoint_id: string;
      since: string;
      after_sequence: string | null;
      through_sequence: string;
      failures: number;
    }>(
      `SELECT r.organization_id, r.endpoint_id, r.since::text AS since, r.after_sequence::text AS after_sequence,
              r.through_sequence::text AS through_sequence, r.failures
         FROM webhook_recoveries r
         JOIN webhook_endpoints e ON e.organization_id = r.organization_id AND e.id = r.endpoint_id
         LEFT JOIN webhook_recovery_turns t ON t.organization_id = r.organization_id
        WHERE r.not_before <= now()
        ORDER BY t.served_at NULLS FIRST, r.turn_at NULLS FIRST, r.requested_at, r.endpoint_id
        LIMIT 1
        FOR UPDATE OF r SKIP LOCKED
        FOR SHARE OF e SKIP LOCKED`,
    );
    const r = rows[0];
    if (!r) return null;
    return {
      organizationId: r.organization_id,
      endpointId: r.endpoint_id,
      since: r.since,
      afterSequence: r.after_sequence,
      throughSequence: r.through_sequence,
      failures: r.failures,
    };
  }

  /** After a batch: the recover goes on after `afterSequence` (null: it is done, and goes); its organization had its turn. */
  async advance(tx: Queryable, recovery: ClaimedWebhookRecovery, afterSequence: string | null): Promise<void> {
    if (afterSequence === null) await tx.query('DELETE FROM webhook_recoveries WHERE endpoint_id = $1', [recovery.endpointId]);
    else
      await tx.query('UPDATE webhook_recoveries SET after_sequence = $2, turn_at = clock_timestamp(), failures = 0 WHERE endpoint_id = $1', [
        recovery.endpointId,
        afterSequence,
      ]);
    await this.served(tx, recovery.organizationId);
  }

  /**
   * After a batch that failed (its transaction rolled back): the recover waits `retryInSeconds` and goes to
   * the back of the line; past `maxFailures` it is given up (deleted). Answers whether it was given up.
   */
  async failed(q: Queryable, recovery: ClaimedWebhookRecovery, retryInSeconds: number, maxFailures: number): Promise<boolean> {
    if (recovery.failures + 1 > maxFailures) {
      await q.query('DELETE FROM webhook_recoveries WHERE endpoint_id = $1', [recovery.endpointId]);
      return true;
    }
    await q.query(
      `UPDATE webhook_recoveries SET failures = failures + 1, turn_at = clock_timestamp(), not_before = clock_timestamp() + make_interval(secs => $2)
        WHERE endpoint_id = $1`,
      [recovery.endpointId, retryInSeconds],
    );
    await this.served(q, recovery.organizationId);
    return false;
  }

  /** How many recovers of the organization are outstanding. */
  async countOutstanding(q: Queryable, organizationId: string): Promise<number> {
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_recoveries WHERE organization_id = $1', [organizationId]);
    return rows[0].n;
  }

  private async served(q: Queryable, organizationId: string): Promise<void> {
    await q.query(
      `INSERT INTO webhook_recovery_turns (organization_id, served_at) VALUES ($1, clock_timestamp())
       ON CONFLICT (organization_id) DO UPDATE SET served_at = EXCLUDED.served_at`,
      [organizationId],
    );
  }
}
