// Every repository, registered once. DatabaseModule (global) exports this module, so a domain module
// injects any repository without listing it; a new repository is added to REPOSITORIES.
import { Module, Provider } from '@nestjs/common';
import { AccessRepository } from './access.repository';
import { ApiClientRepository } from './api-client.repository';
import { DomainEventRepository } from './domain-event.repository';
import { FixtureRepository } from './fixture.repository';
import { FulfilmentOrderRepository } from './fulfilment-order.repository';
import { IdempotencyRepository } from './idempotency.repository';
import { InventoryClarificationRepository } from './inventory-clarification.repository';
import { InventoryLevelRepository } from './inventory-level.repository';
import { InventoryReadRepository } from './inventory-read.repository';
import { InventorySyncRepository } from './inventory-sync.repository';
import { InvoiceRepository } from './invoice.repository';
import { OrganizationRepository } from './organization.repository';
import { ReleaseChannelRepository } from './release-channel.repository';
import { RequestQuotaRepository } from './request-quota.repository';
import { RetailUnitRepository } from './retail-unit.repository';
import { SalesOrderRepository } from './sales-order.repository';
import { ServerSecretRepository } from './server-secret.repository';
import { ShipmentRepository } from './shipment.repository';
import { SigningKeyRepository } from './signing-key.repository';
import { TokenRequestRepository } from './token-request.repository';
import { WebhookDeliveryRepository } from './webhook-delivery.repository';
import { WebhookEndpointRepository } from './webhook-endpoint.repository';
import { WebhookEventRepository } from './webhook-event.repository';
import { WebhookRecoveryRepository } from './webhook-recovery.repository';

export const REPOSITORIES: Provider[] = [
  AccessRepository,
  ApiClientRepository,
  DomainEventRepository,
  FixtureRepository,
  FulfilmentOrderRepository,
  IdempotencyRepository,
  InventoryClarificationRepository,
  InventoryLevelRepository,
  InventoryReadRepository,
  InventorySyncRepository,
  InvoiceRepository,
  OrganizationRepository,
  ReleaseChannelRepository,
  RequestQuotaRepository,
  RetailUnitRepository,
  SalesOrderRepository,
  ServerSecretRepository,
  ShipmentRepository,
  SigningKeyRepository,
  TokenRequestRepository,
  WebhookDeliveryRepository,
  WebhookEndpointRepository,
  WebhookEventRepository,
  WebhookRecoveryRepository,
];

@Module({ providers: REPOSITORIES, exports: REPOSITORIES })
export class RepositoriesModule {}
