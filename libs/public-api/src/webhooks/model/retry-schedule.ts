// WEBHOOK_RETRY_SCHEDULE: the seconds to wait before each retry of a failed delivery, in order. A delivery
// is attempted once plus once per entry, then given up.
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = '5,300,1800,7200,18000,36000,36000';

/** Whole seconds from 1 to 999999, comma-separated, 1 to 20 entries (checked by the gateway's config). */
export const WEBHOOK_RETRY_SCHEDULE_PATTERN = /^[1-9]\d{0,5}(,[1-9]\d{0,5}){0,19}$/;

export function parseRetrySchedule(text: string): number[] {
  if (!WEBHOOK_RETRY_SCHEDULE_PATTERN.test(text)) throw new Error(`WEBHOOK_RETRY_SCHEDULE: ${text} is not comma-separated whole seconds`);
  return text.split(',').map(Number);
}

/** Seconds before the attempt after `attempt` (1-based), or undefined when `attempt` was the last. */
export function retryDelay(schedule: number[], attempt: number): number | undefined {
  return schedule[attempt - 1];
}
