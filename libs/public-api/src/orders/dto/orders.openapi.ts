// The OpenAPI documentation of the sales-order operations, and their path parameters with demo values (the
// controller states the summaries).
import { DEMO_ORGANIZATION_ID, EntityIdParam, UuidParam, operationDocs } from '@gateway/platform';
import { CreateSalesOrderDto } from './create-sales-order.dto';
import { CancelSalesOrderDto, UpdateSalesOrderDto } from './sales-order-changes.dto';
import { SalesOrderRecord } from './sales-order-record.dto';
import { SalesOrderPageDto, SalesOrderView } from './sales-order-view.dto';

export const StoreIdParam = () => EntityIdParam('storeId', 'the store', 'store-nordic-web');
export const SalesOrderIdParam = () =>
  UuidParam('salesOrderId', 'the sales order (the id of its record)', {
    value: '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f',
    summary: 'an id of this shape: use the id (or the Location) of an order you created',
  });

const CUSTOMER_EXAMPLE = { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com' };
const SHIPPING_ADDRESS_EXAMPLE = { name: 'Anna Berg', line1: 'Storgatan 12', postalCode: '111 51', city: 'Stockholm', countryCode: 'SE' };
const CORRECTED_ADDRESS_EXAMPLE = { ...SHIPPING_ADDRESS_EXAMPLE, line1: 'Storgatan 14', line2: 'c/o Berg' };
const LINE_ITEMS_EXAMPLE = [{ sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 }];
const TRACKING_EXAMPLE = {
  carrier: 'PostNord',
  service: 'MyPack Home',
  trackingNumber: '00370712345678901234',
  trackingUrl: 'https://tracking.carrier.example/se/?id=00370712345678901234',
};
/** The record as the 201 answers it. */
const RECORD_EXAMPLE = {
  id: '9865a2a3-90e1-4291-ba3e-1060283ba337',
  organizationId: DEMO_ORGANIZATION_ID,
  environment: 'live',
  storeId: 'store-nordic-web',
  orderReference: 'web-10001',
  status: 'RECEIVED',
  placedAt: '2026-09-18T10:15:00.000Z',
  createdAt: '2026-09-18T10:15:00.000Z',
  customer: CUSTOMER_EXAMPLE,
  shippingAddress: SHIPPING_ADDRESS_EXAMPLE,
  lineItems: LINE_ITEMS_EXAMPLE,
  fulfilmentOrderId: 'fo-ed7daaf8-82a7-4164-ac28-a1e15797757f',
};
/** The same order as a read answers it. */
const ORDER_EXAMPLE = { ...RECORD_EXAMPLE, fulfilmentStatus: 'OPEN', updatedAt: '2026-09-18T10:15:00.000Z', shipments: [] };
/** An order sent without a shipping address. */
const { shippingAddress: _address, ...ORDER_WITHOUT_ADDRESS_EXAMPLE } = ORDER_EXAMPLE;

const IN_FLIGHT_RETRY_AFTER = {
  'Retry-After': { description: 'seconds to wait before retrying, sent when the key is in flight', schema: { type: 'integer', minimum: 1 } },
};

export const ORDERS_DOCS = operationDocs({
  createSalesOrder: {
    body: {
      type: CreateSalesOrderDto,
      examples: {
        demo: {
          summary: 'one tent for the demo webshop, with where it goes',
          value: { orderReference: 'web-10001', customer: CUSTOMER_EXAMPLE, shippingAddress: SHIPPING_ADDRESS_EXAMPLE, lineItems: LINE_ITEMS_EXAMPLE },
        },
        withoutAddress: {
          summary: 'an order without a shipping address (the spec’s smallest order)',
          value: { orderReference: 'web-10002', customer: { firstName: 'Anna' }, lineItems: [{ sku: 'NOS-TENT-2P', quantity: 1 }] },
        },
      },
    },
    answer: {
      status: 201,
      type: SalesOrderRecord,
      description: 'The sales order record',
      example: RECORD_EXAMPLE,
      headers: { Location: { description: 'the path of the order (GET it for its current status)', schema: { type: 'string' } } },
    },
    problems: [
      400,
      403,
      404,
      {
        status: 409,
        description:
          'Conflict: a request with this Idempotency-Key is still in flight (retry after Retry-After seconds), or the inventory cannot take the order',
        headers: IN_FLIGHT_RETRY_AFTER,
      },
      413,
      415,
      422,
      500,
    ],
  },
  listSalesOrders: {
    description: 'Follow nextCursor with the same orderReference for the next page. Unknown query parameters are refused.',
    answer: {
      type: SalesOrderPageDto,
      description: 'One page of sales orders, newest first',
      example: { items: [ORDER_WITHOUT_ADDRESS_EXAMPLE], nextCursor: null },
    },
    problems: [400, 403, 404, 500],
  },
  getSalesOrder: {
    answer: {
      type: SalesOrderView,
      description: 'The sales order',
      example: {
        ...ORDER_WITHOUT_ADDRESS_EXAMPLE,
        status: 'SHIPPED',
        fulfilmentStatus: 'SHIPPED',
        updatedAt: '2026-09-19T08:02:11.000Z',
        shipments: [
          {
            id: '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f',
            status: 'IN_TRANSIT',
            ...TRACKING_EXAMPLE,
            shippedAt: '2026-09-18T16:40:00.000Z',
            lines: [{ barcode: '8710000000011', sku: 'NOS-TENT-2P', quantity: 1 }],
          },
        ],
      },
    },
    problems: [400, 403, 404, 500],
  },
  updateSalesOrder: {
    description:
      'Allowed while the fulfilmentStatus is OPEN, ALLOCATED or BACK_ORDERED; from any other state a 409 problem (fulfilment-order-state). A changed address sends sales_order.updated; the same address again changes nothing.',
    body: { type: UpdateSalesOrderDto, examples: { address: { summary: 'a corrected address', value: { shippingAddress: CORRECTED_ADDRESS_EXAMPLE } } } },
    answer: {
      type: SalesOrderView,
      description: 'The sales order as it now is',
      example: { ...ORDER_EXAMPLE, shippingAddress: CORRECTED_ADDRESS_EXAMPLE, updatedAt: '2026-09-18T10:20:00.000Z' },
    },
    problems: [400, 403, 404, 409, 413, 415, 500],
  },
  cancelSalesOrder: {
    description:
      'Allowed while the fulfilmentStatus is OPEN, ALLOCATED or BACK_ORDERED: what the order held is released and sales_order.cancelled is sent. An order already CANCELLED is answered again, unchanged. From PICKING, PARTIALLY_SHIPPED, SHIPPED or WITHDRAWN: a 409 problem (sales-order-not-cancellable). The body may be left out.',
    body: {
      type: CancelSalesOrderDto,
      required: false,
      examples: { reason: { summary: 'the customer changed their mind', value: { reason: 'customer changed their mind' } } },
    },
    answer: {
      type: SalesOrderView,
      description: 'The cancelled sales order',
      example: {
        ...ORDER_EXAMPLE,
        status: 'CANCELLED',
        fulfilmentStatus: 'CANCELLED',
        updatedAt: '2026-09-18T10:25:00.000Z',
        cancellationReason: 'customer changed their mind',
      },
    },
    problems: [
      400,
      403,
      404,
      {
        status: 409,
        description: 'Conflict: the order can no longer be cancelled (sales-order-not-cancellable), or a request with this Idempotency-Key is still in flight',
        headers: IN_FLIGHT_RETRY_AFTER,
      },
      413,
      415,
      422,
      500,
    ],
  },
});
