// Every Postgres advisory lock key the gateway takes, in one place so that no two uses share a key.
export const ADVISORY_LOCKS = {
  /** Applying migrations (migrator.ts): one process at a time. */
  migrations: 727_001,
  /** A fixture import (fixture.repository.ts): one at a time. */
  import: 727_002,
  /** Creating or rotating signing keys (signing-key.repository.ts). */
  signingKeys: 727_003,
  /** Installing the job queue: pg-boss's schema, the queues and moving pg-boss 10's jobs (job-queue-install.ts). */
  jobQueueInstall: 727_004,
  /** Pruning webhook delivery attempts and stored webhook events past their retention (webhook-retention.job.ts): one replica at a time. */
  webhookRetention: 727_006,
  /** Sending a test event to one endpoint (webhook-delivery.repository.ts), with the endpoint's hashed id as the second key: one count at a time per endpoint. */
  webhookTestSends: 727_007,
  /**
   * Fanning out one organization's queued events (webhook-delivery.repository.ts, tryHoldFanOut): the first of
   * two keys, the second a hash of the organization (the two-key form, a key space apart from the others).
   */
  webhookFanOut: 727_008,
} as const;
