// What the webhook module is configured with (the public gateway's WEBHOOK_* variables).
import type { WebhookTargetPolicy } from '../policies/webhook-target';

export const WEBHOOK_OPTIONS = Symbol('WEBHOOK_OPTIONS');

/** Defaults of the delivery limits (docs/decisions/webhook-delivery.md says why these). */
export const DEFAULT_WEBHOOK_MAX_CONCURRENCY = 128;
export const DEFAULT_WEBHOOK_MAX_PER_ENDPOINT = 8;
export const DEFAULT_WEBHOOK_MAX_PER_ORGANIZATION = 64;
/** Five days, as Svix does. */
export const DEFAULT_WEBHOOK_DISABLE_AFTER_FAILING_SECONDS = 432_000;
/** How often the dispatcher looks for new events when nothing woke it. */
export const DEFAULT_WEBHOOK_DISPATCH_INTERVAL_MS = 500;

export interface WebhookOptions {
  /** Encrypts endpoint secrets at rest (KEY_ENCRYPTION_KEY). */
  keyEncryptionKey: Buffer;
  /** KEY_ENCRYPTION_READ_V1: false refuses endpoint secrets still in the first ciphertext format (no associated data). Default true. */
  readFirstFormat?: boolean;
  /** Where webhooks may go: WEBHOOK_ALLOWED_HOSTS, WEBHOOK_DENIED_PORTS and the gateway's own ports (webhookTargetPolicy). */
  targets: WebhookTargetPolicy;
  /** WEBHOOK_RETRY_SCHEDULE, parsed: seconds before each retry. */
  retrySchedule?: number[];
  /** false: this process neither fans out nor delivers (other replicas do). Default true. */
  workers?: boolean;
  /** Deliveries one process has in flight at once (WEBHOOK_MAX_CONCURRENCY). */
  maxConcurrency?: number;
  /** Deliveries to one endpoint in flight at once across all replicas (WEBHOOK_MAX_PER_ENDPOINT). */
  maxPerEndpoint?: number;
  /** Deliveries of one organization in flight at once across all replicas (WEBHOOK_MAX_PER_ORGANIZATION). */
  maxPerOrganization?: number;
  /** An endpoint whose every attempt failed for this long is disabled (WEBHOOK_DISABLE_AFTER_FAILING_SECONDS). */
  disableAfterFailingSeconds?: number;
  /** How often the dispatcher fans out what was queued since its last round (WEBHOOK_DISPATCH_INTERVAL_MS). */
  dispatchIntervalMs?: number;
  /** Endpoints one organization may have, enabled or not (WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION). */
  maxEndpointsPerOrganization?: number;
  /** Days delivery attempts are kept (WEBHOOK_DELIVERY_RETENTION_DAYS). */
  deliveryRetentionDays?: number;
  /** How long stopping waits for deliveries in flight before giving them back to the queue (SHUTDOWN_GRACE_MS). */
  stopTimeoutMs?: number;
}

/** Defaults of the config (WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION, WEBHOOK_DELIVERY_RETENTION_DAYS), which the documents state too. */
export const DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION = 16;
export const DEFAULT_DELIVERY_RETENTION_DAYS = 30;
