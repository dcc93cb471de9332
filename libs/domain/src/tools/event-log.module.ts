import { Module } from '@nestjs/common';
import { EventsByBarcodeService } from './events-by-barcode.service';
import { EventsCursorCodec } from './events-cursor';
import { CursorSealer } from '../paging/cursor-sealer';

@Module({
  providers: [EventsByBarcodeService, EventsCursorCodec, CursorSealer],
  exports: [EventsByBarcodeService],
})
export class EventLogModule {}
