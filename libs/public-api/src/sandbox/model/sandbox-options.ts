// Settings of the sandbox (contract 6.10), from the public gateway's configuration.
export const SANDBOX_OPTIONS = Symbol('SANDBOX_OPTIONS');

export const DEFAULT_SANDBOX_AUTO_ADVANCE_SECONDS = 5;

export interface SandboxOptions {
  /** Seconds between two steps of an auto-advancing sandbox's order, return or inbound shipment. */
  autoAdvanceSeconds: number;
  /** false: this replica serves simulations but leaves auto-advance to the replicas where it is true (WEBHOOK_WORKERS). */
  workers: boolean;
}
