import { Body, Controller, Headers, HttpCode, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiProblemResponses, EntityIdParam, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CreateSalesOrderDto, CurrentCaller, SalesOrderRecord, SalesOrderService, parseIdempotencyKey } from '@gateway/domain';

@ApiTags('orders')
@Authenticated()
@Controller('v0/organizations/:organizationId/stores/:storeId/sales-orders')
export class SalesOrdersController {
  constructor(private readonly orders: SalesOrderService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Submit a sales order to a store of an organization' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: '1 to 255 visible ASCII characters; the same key with the same request replays the first answer for at least 92 days' })
  @ApiCreatedResponse({ type: SalesOrderRecord, description: 'The sales order record' })
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
    @EntityIdParam('storeId', 'the store') storeId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: CreateSalesOrderDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SalesOrderRecord | string> {
    const outcome = await this.orders.create(caller, organizationId, storeId, body, parseIdempotencyKey(idempotencyKey));
    if (outcome.replayText === undefined) return outcome.record;
    // A replay sends the first answer's stored text as it is (a string with a JSON content type is written unchanged).
    res.setHeader('Idempotent-Replayed', 'true');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    return outcome.replayText;
  }
}
