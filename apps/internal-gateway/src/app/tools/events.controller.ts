import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '@gateway/platform';
import { Authenticated } from '@gateway/domain';
import { DomainEventPageDto, EVENT_LOG_DOCS, EventsByBarcodeQuery, EventsByBarcodeService } from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@Controller('internal-tools/events')
export class EventsController {
  constructor(private readonly events: EventsByBarcodeService) {}

  @Get('by-barcode')
  @Endpoint({ summary: "A barcode's domain events, newest first, in pages", ...EVENT_LOG_DOCS.listEventsByBarcode })
  listEventsByBarcode(@Query() query: EventsByBarcodeQuery): Promise<DomainEventPageDto> {
    return this.events.page(query);
  }
}
