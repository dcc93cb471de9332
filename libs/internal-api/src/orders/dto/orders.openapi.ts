// The OpenAPI documentation of the fulfilment-order operations, and their path parameter with its demo value
// (the controller states the summaries).
import { DEMO_ORGANIZATION_ID, EntityIdParam, operationDocs } from '@gateway/platform';
import { BackOrderViewDto } from './back-order-view.dto';
import { FulfilmentOrderCancellationDto, ReleasedLineDto } from './fulfilment-order-closure.dto';

export const FulfilmentOrderIdParam = () => EntityIdParam('fulfilmentOrderId', 'the fulfilment order', 'fo-1002');

export const INTERNAL_ORDERS_DOCS = operationDocs({
  cancelFulfilmentOrder: {
    answer: {
      type: FulfilmentOrderCancellationDto,
      example: {
        fulfilmentOrderId: 'fo-1002',
        organizationId: DEMO_ORGANIZATION_ID,
        status: 'CANCELLED',
        releasedLines: [{ barcode: '8710000000011', warehouseId: 'wh-ams-1', quantity: 3 }],
      },
    },
    problems: [400, 404, 409, 500],
  },
  withdrawFulfilmentOrder: {
    answer: {
      type: [ReleasedLineDto],
      description: 'the lines released, in line order',
      example: [{ barcode: '8710000000035', warehouseId: 'wh-ber-1', quantity: 5 }],
    },
    problems: [400, 404, 409, 500],
  },
  getBackOrder: {
    answer: {
      type: BackOrderViewDto,
      example: {
        fulfilmentOrderId: 'fo-1001',
        organizationId: DEMO_ORGANIZATION_ID,
        warehouseId: 'wh-ams-1',
        status: 'ALLOCATED',
        backOrdered: false,
        lines: [{ barcode: '8710000000011', quantity: 2, fulfillable: 38, shortfall: 0 }],
      },
    },
    problems: [400, 404, 500],
  },
});
