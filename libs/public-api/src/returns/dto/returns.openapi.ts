// The OpenAPI documentation of the return operations (contract 6.8), with their path parameter and examples.
import { DEMO_ORGANIZATION_ID, UuidParam, operationDocs } from '@gateway/platform';
import { LIST_ORDER_AND_POLLING, ReturnDto } from '@gateway/domain';
import { CancelReturnDto, CreateReturnDto, ReturnListDto, ReturnPageDto } from './create-return.dto';

export const ReturnIdParam = () =>
  UuidParam('returnId', 'the return (the id of its record)', {
    value: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b',
    summary: 'an id of this shape: use the id of a return you created',
  });

const RETURN_EXAMPLE = {
  id: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b',
  salesOrderId: '9865a2a3-90e1-4291-ba3e-1060283ba337',
  organizationId: DEMO_ORGANIZATION_ID,
  environment: 'live',
  storeId: 'store-nordic-web',
  warehouseId: 'wh-stockholm-1',
  reference: 'RMA-1042',
  reason: 'NO_LONGER_NEEDED',
  status: 'AWAITING_ARRIVAL',
  lines: [{ barcode: '8710000000011', sku: 'NOS-TENT-2P', quantity: 1, action: 'RESTOCK' }],
  carrier: 'PostNord',
  trackingNumber: '00370712345678909999',
  createdAt: '2026-09-21T09:00:00.000Z',
  updatedAt: '2026-09-21T09:00:00.000Z',
};
const COMPLETED_EXAMPLE = {
  ...RETURN_EXAMPLE,
  status: 'COMPLETED',
  lines: [{ ...RETURN_EXAMPLE.lines[0], receivedQuantity: 1, restockedQuantity: 1 }],
  updatedAt: '2026-09-23T14:10:00.000Z',
  arrivedAt: '2026-09-23T11:02:00.000Z',
  completedAt: '2026-09-23T14:10:00.000Z',
};
const IN_FLIGHT_RETRY_AFTER = {
  'Retry-After': { description: 'seconds to wait before retrying, sent when the key is in flight', schema: { type: 'integer', minimum: 1 } },
};

export const RETURNS_DOCS = operationDocs({
  createReturn: {
    description:
      "Announces goods coming back from the customer. Each line at most what shipped of its barcode less what the order's other returns claim (an open return its quantity, a completed one what arrived, a cancelled one nothing); a parcel the carrier marked RETURNED stays returnable. Over that, or an order with nothing shipped: a 409 problem (return-quantity-exceeded) pointing at the lines. Sends return.created.",
    body: {
      type: CreateReturnDto,
      examples: {
        demo: {
          summary: 'the tent comes back unused',
          value: {
            reference: 'RMA-1042',
            reason: 'NO_LONGER_NEEDED',
            lines: [{ barcode: '8710000000011', quantity: 1 }],
            carrier: 'PostNord',
            trackingNumber: '00370712345678909999',
          },
        },
      },
    },
    answer: { status: 201, type: ReturnDto, description: 'The return', example: RETURN_EXAMPLE },
    problems: [
      400,
      403,
      404,
      {
        status: 409,
        description: 'Conflict: more than may be returned (return-quantity-exceeded), or a request with this Idempotency-Key is still in flight',
        headers: IN_FLIGHT_RETRY_AFTER,
      },
      413,
      415,
      422,
      500,
    ],
  },
  listSalesOrderReturns: {
    answer: { type: ReturnListDto, description: "The order's returns, oldest first", example: { items: [RETURN_EXAMPLE] } },
    problems: [400, 403, 404, 500],
  },
  listReturns: {
    description: `${LIST_ORDER_AND_POLLING} Follow nextCursor with the same status and updatedSince for the next page. A connector sees only its connections' stores' returns.`,
    answer: { type: ReturnPageDto, description: 'One page of returns, newest first', example: { items: [COMPLETED_EXAMPLE], nextCursor: null } },
    problems: [400, 403, 404, 500],
  },
  getReturn: {
    answer: { type: ReturnDto, description: 'The return', example: COMPLETED_EXAMPLE },
    problems: [400, 403, 404, 500],
  },
  cancelReturn: {
    body: { type: CancelReturnDto, required: false, examples: { empty: { summary: 'the body takes no properties', value: {} } } },
    description:
      'Allowed while the return is AWAITING_ARRIVAL (sends return.cancelled); a CANCELLED return is answered again, unchanged. Once it arrived: a 409 problem (return-not-cancellable).',
    answer: {
      type: ReturnDto,
      description: 'The cancelled return',
      example: { ...RETURN_EXAMPLE, status: 'CANCELLED', updatedAt: '2026-09-21T10:00:00.000Z', cancelledAt: '2026-09-21T10:00:00.000Z' },
    },
    problems: [400, 403, 404, { status: 409, description: 'Conflict: the return has arrived or was processed (return-not-cancellable)' }, 413, 415, 500],
  },
});
