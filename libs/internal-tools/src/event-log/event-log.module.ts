import { Module } from '@nestjs/common';
import { EventsByBarcodeService } from './use-cases/events-by-barcode.service';
import { EventsCursorCodec } from './use-cases/events-cursor';
import { CursorSealer } from '@gateway/domain';
import { DomainEventRepository, OrganizationRepository, ServerSecretRepository } from '@gateway/persistence';

@Module({
  providers: [EventsByBarcodeService, EventsCursorCodec, CursorSealer, DomainEventRepository, OrganizationRepository, ServerSecretRepository],
  exports: [EventsByBarcodeService],
})
export class EventLogModule {}
