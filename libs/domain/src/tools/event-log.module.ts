import { Module } from '@nestjs/common';
import { DomainEventRepository, OrganizationRepository, ServerSecretRepository } from '@gateway/persistence';
import { EventsByBarcodeService } from './events-by-barcode.service';
import { EventsCursorCodec } from './events-cursor';

@Module({
  providers: [EventsByBarcodeService, EventsCursorCodec, DomainEventRepository, OrganizationRepository, ServerSecretRepository],
  exports: [EventsByBarcodeService],
})
export class EventLogModule {}
