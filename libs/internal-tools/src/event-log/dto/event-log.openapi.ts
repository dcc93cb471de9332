// The OpenAPI documentation of the event log's read (the controller states its summary).
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { DomainEventPageDto } from './domain-event-page.dto';

export const EVENT_LOG_DOCS = operationDocs({
  listEventsByBarcode: {
    description:
      'The window is [startDate, endDate): endDate defaults to now; timeWindowHours counts back from endDate and cannot be combined with startDate. ' +
      'The first page fixes the window; follow nextCursor with the same query to walk it without skipping or repeating an event. Unknown query parameters are refused.',
    answer: {
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
    },
    problems: [400, 404, 500],
  },
});
