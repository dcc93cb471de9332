import { Module } from '@nestjs/common';
import { CursorSealer } from '@gateway/domain';
import { AccessRepository, InboundShipmentRepository, InventoryReadRepository, ServerSecretRepository } from '@gateway/persistence';
import { WarehouseInboundService } from './use-cases/warehouse-inbound.service';

/** A warehouse's inbound shipments for the staff (receiving itself is a dispatch command, a door to the domain). */
@Module({
  providers: [WarehouseInboundService, InboundShipmentRepository, AccessRepository, InventoryReadRepository, CursorSealer, ServerSecretRepository],
  exports: [WarehouseInboundService],
})
export class WarehouseInboundModule {}
