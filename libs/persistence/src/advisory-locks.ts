// Every Postgres advisory lock key the gateway takes, in one place so that no two uses share a key.
export const ADVISORY_LOCKS = {
  /** Applying migrations (migrator.ts): one process at a time. */
  migrations: 727_001,
  /** A fixture import (fixture.repository.ts): one at a time. */
  import: 727_002,
  /** Creating or rotating signing keys (signing-key.repository.ts). */
  signingKeys: 727_003,
  /** Starting the job queue: installing pg-boss's schema and moving pg-boss 10's jobs (job-queue.ts). */
  jobQueueStart: 727_004,
} as const;
