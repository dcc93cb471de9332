import { Module } from '@nestjs/common';
import { EventsByBarcodeService } from './use-cases/events-by-barcode.service';
import { EventsCursorCodec } from './use-cases/events-cursor';
import { CursorSealer } from '@gateway/domain';

@Module({
  providers: [EventsByBarcodeService, EventsCursorCodec, CursorSealer],
  exports: [EventsByBarcodeService],
})
export class EventLogModule {}
