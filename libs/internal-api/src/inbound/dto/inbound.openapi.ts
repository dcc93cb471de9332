// The OpenAPI documentation of the warehouse's inbound list (the controller states the summary).
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { WarehouseInboundPageDto } from './warehouse-inbound.dto';

export const INTERNAL_INBOUND_DOCS = operationDocs({
  listWarehouseInboundShipments: {
    description:
      'Receive them with RECEIVE_INBOUND_SHIPMENT and close them with CLOSE_INBOUND_SHIPMENT (dispatch-command). Follow nextCursor with the same status. Unknown query parameters are refused.',
    answer: {
      type: WarehouseInboundPageDto,
      description: 'One page of inbound shipments, earliest expected first',
      example: {
        items: [
          {
            id: '5c0e7b9a-2f4d-4e8a-b1c3-9d8e7f6a5b4c',
            organizationId: DEMO_ORGANIZATION_ID,
            environment: 'live',
            warehouseId: 'wh-ams-1',
            reference: 'PO-2026-0042',
            status: 'AWAITING',
            expectedArrivalDate: '2027-03-01',
            carrier: 'DB Schenker',
            trackingNumber: 'SCH-88123',
            lines: [{ barcode: '8710000000011', sku: 'NOS-TENT-2P', expectedQuantity: 40, receivedQuantity: 0 }],
            createdAt: '2026-09-18T10:15:00.000Z',
            updatedAt: '2026-09-18T10:15:00.000Z',
          },
        ],
        nextCursor: null,
      },
    },
    problems: [400, 404, 500],
  },
});
