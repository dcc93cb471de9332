// The OpenAPI documentation of the inbound shipment operations, and their path parameter with a demo value
// (the controller states the summaries).
import { DEMO_ORGANIZATION_ID, UuidParam, operationDocs } from '@gateway/platform';
import { InboundShipmentDto, LIST_ORDER_AND_POLLING } from '@gateway/domain';
import { CreateInboundShipmentDto, InboundShipmentPageDto, UpdateInboundShipmentDto } from './inbound-shipment-input.dto';

export const InboundShipmentIdParam = () =>
  UuidParam('inboundShipmentId', 'the inbound shipment (the id of its record)', {
    value: '5c0e7b9a-2f4d-4e8a-b1c3-9d8e7f6a5b4c',
    summary: 'an id of this shape: use the id (or the Location) of a shipment you announced',
  });

const LINES_EXAMPLE = [
  { barcode: '8710000000011', quantity: 40 },
  { barcode: '8710000000028', quantity: 12 },
];
const TRACKING_EXAMPLE = { carrier: 'DB Schenker', trackingNumber: 'SCH-88123', trackingUrl: 'https://tracking.carrier.example/SCH-88123' };
const SHIPMENT_EXAMPLE = {
  id: '5c0e7b9a-2f4d-4e8a-b1c3-9d8e7f6a5b4c',
  organizationId: DEMO_ORGANIZATION_ID,
  environment: 'live',
  warehouseId: 'wh-ams-1',
  reference: 'PO-2026-0042',
  status: 'AWAITING',
  expectedArrivalDate: '2027-03-01',
  ...TRACKING_EXAMPLE,
  lines: [
    { barcode: '8710000000011', sku: 'NOS-TENT-2P', expectedQuantity: 40, receivedQuantity: 0 },
    { barcode: '8710000000028', sku: 'NOS-BAG-0C', expectedQuantity: 12, receivedQuantity: 0 },
  ],
  createdAt: '2026-09-18T10:15:00.000Z',
  updatedAt: '2026-09-18T10:15:00.000Z',
};
const RECEIVING_EXAMPLE = {
  ...SHIPMENT_EXAMPLE,
  status: 'RECEIVING',
  lines: [
    { barcode: '8710000000011', sku: 'NOS-TENT-2P', expectedQuantity: 40, receivedQuantity: 24 },
    { barcode: '8710000000028', sku: 'NOS-BAG-0C', expectedQuantity: 12, receivedQuantity: 13 },
  ],
  updatedAt: '2027-03-01T09:30:00.000Z',
};
const IN_FLIGHT_RETRY_AFTER = {
  'Retry-After': { description: 'seconds to wait before retrying, sent when the key is in flight', schema: { type: 'integer', minimum: 1 } },
};

export const INBOUND_DOCS = operationDocs({
  createInboundShipment: {
    description:
      "Announces stock on its way to a warehouse the organization's stores use. Each barcode a retail unit of the organization that is not archived, distinct; quantity 1 to 1,000,000; at most 500 lines; expectedArrivalDate a full date, today or later. Sends inbound_shipment.created. For USER (OWNER), ORGANIZATION and SERVICE clients; a CONNECTOR gets 403.",
    body: {
      type: CreateInboundShipmentDto,
      examples: {
        demo: {
          summary: 'two products for the demo warehouse',
          value: { reference: 'PO-2026-0042', warehouseId: 'wh-ams-1', expectedArrivalDate: '2027-03-01', ...TRACKING_EXAMPLE, lines: LINES_EXAMPLE },
        },
      },
    },
    answer: {
      status: 201,
      type: InboundShipmentDto,
      description: 'The inbound shipment, AWAITING',
      example: SHIPMENT_EXAMPLE,
      headers: { Location: { description: 'the path of the shipment', schema: { type: 'string' } } },
    },
    problems: [
      400,
      403,
      404,
      { status: 409, description: 'Conflict: a request with this Idempotency-Key is still in flight', headers: IN_FLIGHT_RETRY_AFTER },
      413,
      415,
      422,
      500,
    ],
  },
  listInboundShipments: {
    description: `${LIST_ORDER_AND_POLLING} Follow nextCursor with the same status and updatedSince. Unknown query parameters are refused.`,
    answer: {
      type: InboundShipmentPageDto,
      description: 'One page of inbound shipments, newest first',
      example: { items: [SHIPMENT_EXAMPLE], nextCursor: null },
    },
    problems: [400, 403, 404, 500],
  },
  getInboundShipment: {
    answer: { type: InboundShipmentDto, description: 'The inbound shipment', example: RECEIVING_EXAMPLE },
    problems: [400, 403, 404, 500],
  },
  updateInboundShipment: {
    description:
      'Allowed while the shipment is AWAITING: the fields sent replace the announced ones (lines replaced whole). A change sends inbound_shipment.updated; a body that changes nothing answers the shipment unchanged. Later, a 409 problem (inbound-shipment-not-awaiting).',
    body: {
      type: UpdateInboundShipmentDto,
      examples: {
        later: {
          summary: 'a day later, one line more',
          value: { expectedArrivalDate: '2027-03-02', lines: [...LINES_EXAMPLE, { barcode: '8710000000035', quantity: 6 }] },
        },
      },
    },
    answer: { type: InboundShipmentDto, description: 'The inbound shipment as it now is', example: { ...SHIPMENT_EXAMPLE, expectedArrivalDate: '2027-03-02' } },
    problems: [400, 403, 404, 409, 413, 415, 500],
  },
  cancelInboundShipment: {
    description:
      'Allowed while the shipment is AWAITING (sends inbound_shipment.cancelled); a CANCELLED one is answered again, unchanged. From RECEIVING or COMPLETED: a 409 problem (inbound-shipment-not-awaiting). No body.',
    answer: {
      type: InboundShipmentDto,
      description: 'The cancelled inbound shipment',
      example: { ...SHIPMENT_EXAMPLE, status: 'CANCELLED', updatedAt: '2026-09-19T08:00:00.000Z', cancelledAt: '2026-09-19T08:00:00.000Z' },
    },
    problems: [400, 403, 404, 409, 500],
  },
});
