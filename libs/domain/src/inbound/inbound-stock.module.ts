import { Module } from '@nestjs/common';
import { DomainEventRepository, InboundShipmentRepository } from '@gateway/persistence';
import { InventoryModule } from '../inventory';
import { InboundShipmentReceiving } from './use-cases/inbound-shipment-receiving';

/** Receiving and closing inbound shipments, for the doors of either gateway (the staff commands, the sandbox's simulation). */
@Module({
  imports: [InventoryModule],
  providers: [InboundShipmentReceiving, InboundShipmentRepository, DomainEventRepository],
  exports: [InboundShipmentReceiving],
})
export class InboundStockModule {}
