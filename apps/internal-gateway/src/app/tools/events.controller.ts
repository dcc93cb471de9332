import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID } from '@gateway/platform';
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
  @ApiOkResponse({
    type: DomainEventPageDto,
    description: 'One page of events, newest first',
    example: {
      items: [
        {
          id: '7e9ff87d-1e72-42e7-8791-8a0ac4619245',
          sequence: 35,
          type: 'PendingAllocationRaised',
          occurredAt: '2026-09-18T10:15:00.076243Z',
          organizationId: DEMO_ORGANIZATION_ID,
          warehouseId: 'wh-ams-1',
          barcode: '8710000000011',
          aggregateType: 'FulfilmentOrder',
          aggregateId: 'fo-ed7daaf8-82a7-4164-ac28-a1e15797757f',
          initiator: 'cl_oIoxi91GP4F4RSQwNxFYAA',
          payload: { delta: { onHand: 0, allocated: 0, pendingAllocation: 1 }, salesOrderId: '9865a2a3-90e1-4291-ba3e-1060283ba337' },
        },
      ],
      nextCursor: 'Ae___p6QGciilvff1KoVmV2IeWuhHzZ1HF8Lkw-fP_LOLW0XSag5SDH-MthMVzaXj5wfNVYIqoysEcLxLrSnSsZX',
    },
  })
  @ApiProblemResponses(400, 404, 500)
  listEventsByBarcode(@Query() query: EventsByBarcodeQuery): Promise<DomainEventPageDto> {
    return this.events.page(query);
  }
}
