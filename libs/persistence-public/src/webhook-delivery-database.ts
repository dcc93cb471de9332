// The public gateway's own pool for the webhook delivery workers, made from the options DatabaseModule was given.
import { Database, DatabaseOptions } from '@gateway/persistence';

/**
 * The webhook delivery workers' connections, for their bookkeeping only: leases of claimed attempts,
 * recorded outcomes and retries, given-back claims, endpoints' failing state.
 * - Every row they read or write is found by a key (an index, or a ctid), whatever the table's statistics
 *   say (`enable_seqscan = off`), and their statement is planned once per connection (`plan_cache_mode =
 *   force_generic_plan`): planning it took longer than running it, and a plan made while the attempts table
 *   was small or its statistics stale scanned the whole table on every statement.
 * - Their commits do not wait for the WAL flush (`synchronous_commit = off`). A crash of Postgres (not a
 *   restart, not a crash of a gateway) can forget the last fraction of a second of them (at most three
 *   times `wal_writer_delay`, 600 ms by default); the attempts concerned are then PENDING again and sent
 *   again, as after a lease that ran out. Nothing is lost: every delivery itself is written by its producer
 *   on the main pool, which waits for the flush.
 */
export class WebhookDeliveryDatabase extends Database {
  static optionsFrom(options: DatabaseOptions): DatabaseOptions {
    return {
      ...options,
      // The delivery loop's one statement at a time, a given-back claim, an endpoint state update.
      poolMax: 3,
      applicationName: `${options.applicationName ?? 'gateway'} webhook delivery`,
      synchronousCommit: false,
      sessionSettings: { plan_cache_mode: 'force_generic_plan', enable_seqscan: 'off' },
    };
  }
}
