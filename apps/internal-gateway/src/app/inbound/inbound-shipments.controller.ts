import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { EntityIdParam, Endpoint, OrganizationIdParam } from '@gateway/platform';
import { Authenticated } from '@gateway/domain';
import { INTERNAL_INBOUND_DOCS, WarehouseInboundPageDto, WarehouseInboundQuery, WarehouseInboundService } from '@gateway/internal-api';

@ApiTags('inbound')
@Authenticated()
@Controller('organizations/:organizationId/warehouses/:warehouseId/inbound-shipments')
export class InboundShipmentsController {
  constructor(private readonly inbound: WarehouseInboundService) {}

  @Get()
  @Endpoint({
    summary: "A warehouse's inbound shipments of an organization, earliest expected first (the open ones unless a status is asked for)",
    ...INTERNAL_INBOUND_DOCS.listWarehouseInboundShipments,
  })
  listWarehouseInboundShipments(
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('warehouseId', 'the warehouse', 'wh-ams-1') warehouseId: string,
    @Query() query: WarehouseInboundQuery,
  ): Promise<WarehouseInboundPageDto> {
    return this.inbound.list(organizationId, warehouseId, query);
  }
}
