// The job queues of the gateways and each one's retry policy. A queue is part of the schema, as a table is:
// `admin migrate` (installJobQueue) creates each one and keeps its policy in step with this list, and the
// gateways, which cannot change the schema, only use them (a process defining a queue missing here refuses
// to start). pg-boss applies the policy to every job sent to the queue.

export interface JobQueueSpec {
  name: string;
  /** Retries after a failed attempt (an attempt that throws, or whose process died). */
  retryLimit: number;
  /** Seconds before a retry (default 0), doubled each time up to retryDelayMaxSeconds when given. */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** An attempt running longer than this is considered dead and retried. */
  expireInSeconds: number;
}

export const JOB_QUEUES: readonly JobQueueSpec[] = [
  // One batch of an endpoint's recover, as versions before webhook_recoveries (migration 14) queued it: a job
  // left here is adopted as a row of that table (webhook-recover.job.ts); nothing new is sent to it.
  { name: 'webhook-recover', retryLimit: 20, retryDelaySeconds: 2, retryDelayMaxSeconds: 300, expireInSeconds: 300 },
  // The background half of clarify-inventory-levels (internal tools).
  { name: 'clarify-inventory-levels', retryLimit: 3, expireInSeconds: 15 * 60 },
];

/** The policy pg-boss stores on the queue (createQueue / updateQueue options). */
export function queuePolicy(spec: JobQueueSpec): {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax?: number;
  expireInSeconds: number;
} {
  return {
    retryLimit: spec.retryLimit,
    retryDelay: spec.retryDelaySeconds ?? 0,
    retryBackoff: spec.retryDelayMaxSeconds !== undefined,
    ...(spec.retryDelayMaxSeconds !== undefined ? { retryDelayMax: spec.retryDelayMaxSeconds } : {}),
    expireInSeconds: spec.expireInSeconds,
  };
}
