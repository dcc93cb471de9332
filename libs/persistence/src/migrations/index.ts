// Versioned migrations, applied in order; a migration is never edited once it has landed.
import * as initialSchema from './0001-initial-schema';
import * as clientIdCharacters from './0002-client-id-characters';
import * as serverSecrets from './0003-server-secrets';
import * as idempotencyResponseText from './0004-idempotency-response-text';
import * as salesOrderListIndexes from './0005-sales-order-list-indexes';
import * as domainEventCommitOrder from './0006-domain-event-commit-order';
import * as webhookEndpoints from './0007-webhook-endpoints';
import * as webhookDeliveries from './0008-webhook-deliveries';
import * as tokenStateNotifications from './0009-token-state-notifications';
import * as webhookOperations from './0010-webhook-operations';
import * as webhookDeliveryClaims from './0011-webhook-delivery-claims';
import * as requestQuotas from './0012-request-quotas';
import * as webhookFanoutQueue from './0013-webhook-fanout-queue';
import * as webhookOperationBounds from './0014-webhook-operation-bounds';
import * as shipments from './0015-shipments';
import * as salesOrderAddressAndCancellation from './0016-sales-order-address-and-cancellation';
import * as returns from './0017-returns';
import * as inboundShipments from './0018-inbound-shipments';
import * as sandboxOrganizations from './0019-sandbox-organizations';
import * as inboundShipmentsNewestIndex from './0020-inbound-shipments-newest-index';
import * as salesOrderCreationFunctions from './0021-sales-order-creation-functions';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: Migration[] = [
  { version: 1, ...initialSchema },
  { version: 2, ...clientIdCharacters },
  { version: 3, ...serverSecrets },
  { version: 4, ...idempotencyResponseText },
  { version: 5, ...salesOrderListIndexes },
  { version: 6, ...domainEventCommitOrder },
  { version: 7, ...webhookEndpoints },
  { version: 8, ...webhookDeliveries },
  { version: 9, ...tokenStateNotifications },
  { version: 10, ...webhookOperations },
  { version: 11, ...webhookDeliveryClaims },
  { version: 12, ...requestQuotas },
  { version: 13, ...webhookFanoutQueue },
  { version: 14, ...webhookOperationBounds },
  { version: 15, ...shipments },
  { version: 16, ...salesOrderAddressAndCancellation },
  { version: 17, ...returns },
  { version: 18, ...inboundShipments },
  { version: 19, ...sandboxOrganizations },
  { version: 20, ...inboundShipmentsNewestIndex },
  { version: 21, ...salesOrderCreationFunctions },
];
