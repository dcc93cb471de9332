import { Module } from '@nestjs/common';
import { CursorSealer, OrganizationsModule } from '@gateway/domain';
import { DomainEventRepository, InboundShipmentRepository, ServerSecretRepository } from '@gateway/persistence';
import { IdempotencyModule } from '../orders';
import { InboundShipmentsService } from './use-cases/inbound-shipments.service';

/** Announcing, reading, changing and cancelling inbound shipments (the warehouse receives them on the internal gateway). */
@Module({
  imports: [OrganizationsModule, IdempotencyModule],
  providers: [InboundShipmentsService, InboundShipmentRepository, DomainEventRepository, CursorSealer, ServerSecretRepository],
  exports: [InboundShipmentsService],
})
export class InboundModule {}
