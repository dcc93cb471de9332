import { Module } from '@nestjs/common';
import { DomainEventRepository, OrganizationRepository, ServerSecretRepository } from '@gateway/persistence';
import { EventsByBarcodeService } from './use-cases/events-by-barcode.service';
import { EventsCursorCodec } from './use-cases/events-cursor';
import { CursorSealer } from '@gateway/domain';

@Module({
  providers: [EventsByBarcodeService, EventsCursorCodec, CursorSealer, DomainEventRepository, OrganizationRepository, ServerSecretRepository],
  exports: [EventsByBarcodeService],
})
export class EventLogModule {}
