// When an endpoint counts as failing, and when it has failed long enough to be disabled (contract 6.5):
// failing_since is the first failure after the last success (or ever), cleared by a success; an endpoint
// whose every attempt has failed for WEBHOOK_DISABLE_AFTER_FAILING_SECONDS is disabled as FAILING.

/** One recorded outcome of an endpoint: whether it answered 2xx, and when the attempt was made. */
export interface EndpointOutcome {
  ok: boolean;
  attemptedAt: Date;
}

/** failing_since after these outcomes, taken in the order their answers came. */
export function failingSinceAfter(current: Date | null, outcomes: readonly EndpointOutcome[]): Date | null {
  let since = current;
  for (const outcome of outcomes) since = outcome.ok ? null : (since ?? outcome.attemptedAt);
  return since;
}

/** True when every attempt since failingSince failed and that is at least disableAfterSeconds ago. */
export function hasFailedTooLong(failingSince: Date | null, now: Date, disableAfterSeconds: number): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= disableAfterSeconds * 1000;
}
