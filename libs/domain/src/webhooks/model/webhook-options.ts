// What the webhook module is configured with (the public gateway's WEBHOOK_* variables).
import type { WebhookTargetPolicy } from '../policies/webhook-target';

export const WEBHOOK_OPTIONS = Symbol('WEBHOOK_OPTIONS');

export interface WebhookOptions {
  /** Encrypts endpoint secrets at rest (KEY_ENCRYPTION_KEY). */
  keyEncryptionKey: Buffer;
  /** Where webhooks may go: WEBHOOK_ALLOWED_HOSTS, WEBHOOK_DENIED_PORTS and the gateway's own ports (webhookTargetPolicy). */
  targets: WebhookTargetPolicy;
  /** WEBHOOK_RETRY_SCHEDULE, parsed: seconds before each retry. */
  retrySchedule?: number[];
  /** false: this process neither fans out nor delivers (other replicas do). Default true. */
  workers?: boolean;
  /** Deliveries one process makes at once (WEBHOOK_MAX_CONCURRENCY). */
  maxConcurrency?: number;
  /** Deliveries to one endpoint in flight at once across all replicas (WEBHOOK_MAX_PER_ENDPOINT). */
  maxPerEndpoint?: number;
  /** How often the dispatcher looks for new events when nothing woke it (WEBHOOK_DISPATCH_INTERVAL_MS). */
  dispatchIntervalMs?: number;
  /** Endpoints one organization may have, enabled or not (WEBHOOK_MAX_ENDPOINTS_PER_ORGANIZATION). Default 16. */
  maxEndpointsPerOrganization?: number;
  /** Days delivery attempts are kept (WEBHOOK_DELIVERY_RETENTION_DAYS). Default 30. */
  deliveryRetentionDays?: number;
}

export const DEFAULT_MAX_ENDPOINTS_PER_ORGANIZATION = 16;
export const DEFAULT_DELIVERY_RETENTION_DAYS = 30;
