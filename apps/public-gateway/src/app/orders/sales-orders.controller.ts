import { Body, Controller, Get, Headers, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, EntityIdParam, NoQueryParameters, OrganizationIdParam, UuidParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  CancelSalesOrderDto,
  CreateSalesOrderDto,
  Idempotent,
  IdempotentOutcome,
  ListSalesOrdersQuery,
  SalesOrderPageDto,
  SalesOrderReadService,
  SalesOrderOutcome,
  SalesOrderRecord,
  SalesOrderChangesService,
  SalesOrderService,
  SalesOrderView,
  UpdateSalesOrderDto,
  parseIdempotencyKey,
} from '@gateway/public-api';

const SHIPPING_ADDRESS_EXAMPLE = { name: 'Anna Berg', line1: 'Storgatan 12', postalCode: '111 51', city: 'Stockholm', countryCode: 'SE' };
/** The record as the 201 answers it. */
const RECORD_EXAMPLE = {
  id: '9865a2a3-90e1-4291-ba3e-1060283ba337',
  organizationId: DEMO_ORGANIZATION_ID,
  storeId: 'store-nordic-web',
  orderReference: 'web-10001',
  status: 'RECEIVED',
  placedAt: '2026-09-18T10:15:00.000Z',
  createdAt: '2026-09-18T10:15:00.000Z',
  customer: { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com' },
  shippingAddress: SHIPPING_ADDRESS_EXAMPLE,
  lineItems: [{ sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 }],
  fulfilmentOrderId: 'fo-ed7daaf8-82a7-4164-ac28-a1e15797757f',
};
/** The same order as a read answers it. */
const ORDER_EXAMPLE = { ...RECORD_EXAMPLE, fulfilmentStatus: 'OPEN', updatedAt: '2026-09-18T10:15:00.000Z', shipments: [] };
const SALES_ORDER_ID_EXAMPLE = {
  value: '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f',
  summary: 'an id of this shape: use the id (or the Location) of an order you created',
};

@ApiTags('orders')
@Authenticated()
@Controller('v0/organizations/:organizationId/stores/:storeId/sales-orders')
export class SalesOrdersController {
  constructor(
    private readonly orders: SalesOrderService,
    private readonly reads: SalesOrderReadService,
    private readonly changes: SalesOrderChangesService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Submit a sales order to a store of an organization' })
  @Idempotent('web-10001-attempt')
  @ApiBody({
    type: CreateSalesOrderDto,
    examples: {
      demo: {
        summary: 'one tent for the demo webshop, with where it goes',
        value: {
          orderReference: 'web-10001',
          customer: { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com' },
          shippingAddress: SHIPPING_ADDRESS_EXAMPLE,
          lineItems: [{ sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 }],
        },
      },
      withoutAddress: {
        summary: 'an order without a shipping address (the spec’s smallest order)',
        value: {
          orderReference: 'web-10002',
          customer: { firstName: 'Anna' },
          lineItems: [{ sku: 'NOS-TENT-2P', quantity: 1 }],
        },
      },
    },
  })
  @ApiCreatedResponse({
    type: SalesOrderRecord,
    description: 'The sales order record',
    example: RECORD_EXAMPLE,
    headers: { Location: { description: 'the path of the order (GET it for its current status)', schema: { type: 'string' } } },
  })
  @ApiProblemResponses(400, 403, 404, 413, 415, 422, 500)
  @ApiResponse({
    status: 409,
    description: 'Conflict: a request with this Idempotency-Key is still in flight (retry after Retry-After seconds), or the inventory cannot take the order',
    headers: { 'Retry-After': { description: 'seconds to wait before retrying, sent when the key is in flight', schema: { type: 'integer', minimum: 1 } } },
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetailsDto' } } },
  })
  async createSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('storeId', 'the store', 'store-nordic-web') storeId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: CreateSalesOrderDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SalesOrderOutcome> {
    const outcome = await this.orders.create(caller, organizationId, storeId, body, parseIdempotencyKey(idempotencyKey));
    res.setHeader('Location', `/v0/organizations/${organizationId}/stores/${encodeURIComponent(storeId)}/sales-orders/${outcome.record.id}`);
    return outcome;
  }

  @Get()
  @ApiOperation({
    summary: "A store's sales orders, newest first, in pages",
    description: 'Follow nextCursor with the same orderReference for the next page. Unknown query parameters are refused.',
  })
  @ApiOkResponse({
    type: SalesOrderPageDto,
    description: 'One page of sales orders, newest first',
    example: {
      items: [
        {
          id: '9865a2a3-90e1-4291-ba3e-1060283ba337',
          organizationId: DEMO_ORGANIZATION_ID,
          storeId: 'store-nordic-web',
          orderReference: 'web-10001',
          status: 'RECEIVED',
          placedAt: '2026-09-18T10:15:00.000Z',
          createdAt: '2026-09-18T10:15:00.000Z',
          customer: { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com' },
          lineItems: [{ sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 }],
          fulfilmentOrderId: 'fo-ed7daaf8-82a7-4164-ac28-a1e15797757f',
          fulfilmentStatus: 'OPEN',
          updatedAt: '2026-09-18T10:15:00.000Z',
          shipments: [],
        },
      ],
      nextCursor: null,
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  listSalesOrders(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('storeId', 'the store', 'store-nordic-web') storeId: string,
    @Query() query: ListSalesOrdersQuery,
  ): Promise<SalesOrderPageDto> {
    return this.reads.list(caller, organizationId, storeId, query);
  }

  @Get(':salesOrderId')
  @ApiOperation({ summary: 'One sales order with the state of its fulfilment' })
  @ApiOkResponse({
    type: SalesOrderView,
    description: 'The sales order',
    example: {
      id: '9865a2a3-90e1-4291-ba3e-1060283ba337',
      organizationId: DEMO_ORGANIZATION_ID,
      storeId: 'store-nordic-web',
      orderReference: 'web-10001',
      status: 'SHIPPED',
      placedAt: '2026-09-18T10:15:00.000Z',
      createdAt: '2026-09-18T10:15:00.000Z',
      customer: { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com' },
      lineItems: [{ sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 }],
      fulfilmentOrderId: 'fo-ed7daaf8-82a7-4164-ac28-a1e15797757f',
      fulfilmentStatus: 'SHIPPED',
      updatedAt: '2026-09-19T08:02:11.000Z',
      shipments: [
        {
          id: '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f',
          status: 'IN_TRANSIT',
          carrier: 'PostNord',
          service: 'MyPack Home',
          trackingNumber: '00370712345678901234',
          trackingUrl: 'https://tracking.carrier.example/se/?id=00370712345678901234',
          shippedAt: '2026-09-18T16:40:00.000Z',
          lines: [{ barcode: '8710000000011', sku: 'NOS-TENT-2P', quantity: 1 }],
        },
      ],
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  getSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('storeId', 'the store', 'store-nordic-web') storeId: string,
    @UuidParam('salesOrderId', 'the sales order (the id of its record)', {
      value: '3f2b8c1e-5d4a-4e6b-9c7d-0a1b2c3d4e5f',
      summary: 'an id of this shape: use the id (or the Location) of an order you created',
    })
    salesOrderId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<SalesOrderView> {
    return this.reads.get(caller, organizationId, storeId, salesOrderId);
  }

  @Patch(':salesOrderId')
  @ApiOperation({
    summary: "Replace a sales order's shipping address",
    description:
      'Allowed while the fulfilmentStatus is OPEN, ALLOCATED or BACK_ORDERED; from any other state a 409 problem (fulfilment-order-state). A changed address sends sales_order.updated; the same address again changes nothing.',
  })
  @ApiBody({
    type: UpdateSalesOrderDto,
    examples: {
      address: {
        summary: 'a corrected address',
        value: { shippingAddress: { ...SHIPPING_ADDRESS_EXAMPLE, line1: 'Storgatan 14', line2: 'c/o Berg' } },
      },
    },
  })
  @ApiOkResponse({
    type: SalesOrderView,
    description: 'The sales order as it now is',
    example: {
      ...ORDER_EXAMPLE,
      shippingAddress: { ...SHIPPING_ADDRESS_EXAMPLE, line1: 'Storgatan 14', line2: 'c/o Berg' },
      updatedAt: '2026-09-18T10:20:00.000Z',
    },
  })
  @ApiProblemResponses(400, 403, 404, 409, 413, 415, 500)
  updateSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('storeId', 'the store', 'store-nordic-web') storeId: string,
    @UuidParam('salesOrderId', 'the sales order (the id of its record)', SALES_ORDER_ID_EXAMPLE) salesOrderId: string,
    @Body() body: UpdateSalesOrderDto,
  ): Promise<SalesOrderView> {
    return this.changes.updateShippingAddress(caller, organizationId, storeId, salesOrderId, body);
  }

  @Post(':salesOrderId/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a sales order you sent',
    description:
      'Allowed while the fulfilmentStatus is OPEN, ALLOCATED or BACK_ORDERED: what the order held is released and sales_order.cancelled is sent. An order already CANCELLED is answered again, unchanged. From PICKING, PARTIALLY_SHIPPED, SHIPPED or WITHDRAWN: a 409 problem (sales-order-not-cancellable). The body may be left out.',
  })
  @Idempotent('web-10001-cancel')
  @ApiBody({
    type: CancelSalesOrderDto,
    required: false,
    examples: { reason: { summary: 'the customer changed their mind', value: { reason: 'customer changed their mind' } } },
  })
  @ApiOkResponse({
    type: SalesOrderView,
    description: 'The cancelled sales order',
    example: {
      ...ORDER_EXAMPLE,
      status: 'CANCELLED',
      fulfilmentStatus: 'CANCELLED',
      updatedAt: '2026-09-18T10:25:00.000Z',
      cancellationReason: 'customer changed their mind',
    },
  })
  @ApiProblemResponses(400, 403, 404, 413, 415, 422, 500)
  @ApiResponse({
    status: 409,
    description: 'Conflict: the order can no longer be cancelled (sales-order-not-cancellable), or a request with this Idempotency-Key is still in flight',
    headers: { 'Retry-After': { description: 'seconds to wait before retrying, sent when the key is in flight', schema: { type: 'integer', minimum: 1 } } },
    content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetailsDto' } } },
  })
  cancelSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('storeId', 'the store', 'store-nordic-web') storeId: string,
    @UuidParam('salesOrderId', 'the sales order (the id of its record)', SALES_ORDER_ID_EXAMPLE) salesOrderId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    // Declared as the class (not `| undefined`), so that its metadata names the DTO and the pipe validates it; no body is no reason.
    @Body() body: CancelSalesOrderDto,
  ): Promise<IdempotentOutcome<SalesOrderView>> {
    return this.changes.cancel(caller, organizationId, storeId, salesOrderId, body, parseIdempotencyKey(idempotencyKey));
  }
}
