import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, EntityIdParam, NoQueryParameters, OrganizationIdParam, UuidParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import {
  CreateSalesOrderDto,
  Idempotent,
  ListSalesOrdersQuery,
  SalesOrderPageDto,
  SalesOrderReadService,
  SalesOrderOutcome,
  SalesOrderRecord,
  SalesOrderService,
  SalesOrderView,
  parseIdempotencyKey,
} from '@gateway/public-api';

@ApiTags('orders')
@Authenticated()
@Controller('v0/organizations/:organizationId/stores/:storeId/sales-orders')
export class SalesOrdersController {
  constructor(
    private readonly orders: SalesOrderService,
    private readonly reads: SalesOrderReadService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Submit a sales order to a store of an organization' })
  @Idempotent('web-10001-attempt')
  @ApiBody({
    type: CreateSalesOrderDto,
    examples: {
      demo: {
        summary: 'one tent for the demo webshop',
        value: {
          orderReference: 'web-10001',
          customer: { firstName: 'Anna', lastName: 'Berg', email: 'anna.berg@example.com' },
          lineItems: [{ sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 }],
        },
      },
    },
  })
  @ApiCreatedResponse({
    type: SalesOrderRecord,
    description: 'The sales order record',
    example: {
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
    },
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
          trackingUrl: 'https://tracking.postnord.com/se/?id=00370712345678901234',
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
}
