import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses } from '@gateway/platform';
import { Authenticated } from '@gateway/domain';
import { DomainEventPageDto, EventsByBarcodeQuery, EventsByBarcodeService } from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@Controller('internal-tools/events')
export class EventsController {
  constructor(private readonly events: EventsByBarcodeService) {}

  @Get('by-barcode')
  @ApiOperation({
    summary: "A barcode's domain events, newest first, in pages",
    description:
      'The window is [startDate, endDate): endDate defaults to now; timeWindowHours counts back from endDate and cannot be combined with startDate. ' +
      'The first page fixes the window; follow nextCursor with the same query to walk it without skipping or repeating an event. Unknown query parameters are refused.',
  })
  @ApiOkResponse({ type: DomainEventPageDto, description: 'One page of events, newest first' })
  @ApiProblemResponses(400, 404, 500)
  listEventsByBarcode(@Query() query: EventsByBarcodeQuery): Promise<DomainEventPageDto> {
    return this.events.page(query);
  }
}
