import { Body, Controller, Get, Headers, HttpCode, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint, NoQueryParameters, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller, InboundShipmentDto } from '@gateway/domain';
import {
  CreateInboundShipmentDto,
  INBOUND_DOCS,
  Idempotent,
  IdempotentOutcome,
  InboundShipmentIdParam,
  InboundShipmentPageDto,
  InboundShipmentsService,
  ListInboundShipmentsQuery,
  UpdateInboundShipmentDto,
  parseIdempotencyKey,
} from '@gateway/public-api';

@ApiTags('inbound')
@Authenticated()
@Controller('v0/organizations/:organizationId/inbound-shipments')
export class InboundShipmentsController {
  constructor(private readonly shipments: InboundShipmentsService) {}

  @Post()
  @HttpCode(201)
  @Endpoint({ summary: 'Announce stock on its way to a warehouse', ...INBOUND_DOCS.createInboundShipment })
  @Idempotent('po-2026-0042-attempt')
  async createInboundShipment(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Body() body: CreateInboundShipmentDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<IdempotentOutcome<InboundShipmentDto>> {
    const outcome = await this.shipments.create(caller, organizationId, body, parseIdempotencyKey(idempotencyKey));
    res.setHeader('Location', `/v0/organizations/${organizationId}/inbound-shipments/${outcome.record.id}`);
    return outcome;
  }

  @Get()
  @Endpoint({ summary: "An organization's inbound shipments, in pages", ...INBOUND_DOCS.listInboundShipments })
  listInboundShipments(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() query: ListInboundShipmentsQuery,
  ): Promise<InboundShipmentPageDto> {
    return this.shipments.list(caller, organizationId, query);
  }

  @Get(':inboundShipmentId')
  @Endpoint({ summary: 'One inbound shipment, with what has been received of it', ...INBOUND_DOCS.getInboundShipment })
  getInboundShipment(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @InboundShipmentIdParam() inboundShipmentId: string,
    @Query() _query: NoQueryParameters,
  ): Promise<InboundShipmentDto> {
    return this.shipments.get(caller, organizationId, inboundShipmentId);
  }

  @Patch(':inboundShipmentId')
  @Endpoint({ summary: 'Change an inbound shipment that is still awaited', ...INBOUND_DOCS.updateInboundShipment })
  updateInboundShipment(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @InboundShipmentIdParam() inboundShipmentId: string,
    @Body() body: UpdateInboundShipmentDto,
  ): Promise<InboundShipmentDto> {
    return this.shipments.update(caller, organizationId, inboundShipmentId, body);
  }

  @Post(':inboundShipmentId/cancel')
  @HttpCode(200)
  @Endpoint({ summary: 'Cancel an inbound shipment that is still awaited', ...INBOUND_DOCS.cancelInboundShipment })
  cancelInboundShipment(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @InboundShipmentIdParam() inboundShipmentId: string,
  ): Promise<InboundShipmentDto> {
    return this.shipments.cancel(caller, organizationId, inboundShipmentId);
  }
}
