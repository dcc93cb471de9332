import { Module } from '@nestjs/common';
import { DomainEventRepository, OrganizationRepository, ServerSecretRepository } from '@gateway/persistence';
import { EventsByBarcodeService } from './events-by-barcode.service';
import { EventsCursorCodec } from './events-cursor';
import { CursorSealer } from '../paging/cursor-sealer';

@Module({
  providers: [EventsByBarcodeService, EventsCursorCodec, CursorSealer, DomainEventRepository, OrganizationRepository, ServerSecretRepository],
  exports: [EventsByBarcodeService],
})
export class EventLogModule {}
