import { Body, Controller, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiHeader, ApiNotFoundResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { EntityIdPipe, OrganizationIdPipe, ProblemDetailsDto } from '@gateway/platform';
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
  @ApiBadRequestResponse({ type: ProblemDetailsDto, description: 'Invalid body, path or Idempotency-Key; each problem with its JSON pointer' })
  @ApiForbiddenResponse({ type: ProblemDetailsDto })
  @ApiNotFoundResponse({ type: ProblemDetailsDto, description: 'Unknown store in an accessible organization' })
  @ApiConflictResponse({ type: ProblemDetailsDto, description: 'A request with the same Idempotency-Key is still in flight' })
  @ApiUnprocessableEntityResponse({ type: ProblemDetailsDto, description: 'The Idempotency-Key was used with a different request' })
  async createSalesOrder(
    @CurrentCaller() caller: AuthenticatedCaller,
    @Param('organizationId', OrganizationIdPipe) organizationId: string,
    @Param('storeId', EntityIdPipe) storeId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: CreateSalesOrderDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SalesOrderRecord> {
    const outcome = await this.orders.create(caller, organizationId, storeId, body, parseIdempotencyKey(idempotencyKey));
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return outcome.record;
  }
}
