import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { BarcodeParam, EntityIdParam, Endpoint, OrganizationIdParam, sendJsonStream } from '@gateway/platform';
import { Authenticated } from '@gateway/domain';
import { INTERNAL_INVENTORY_DOCS, InternalInventoryReadService, InventoryLevelDto } from '@gateway/internal-api';

@ApiTags('inventory')
@Authenticated()
@Controller('organizations/:organizationId')
export class InventoryController {
  constructor(private readonly inventory: InternalInventoryReadService) {}

  @Get('inventory')
  @Endpoint({
    summary: 'Every inventory level of an organization (archived retail units included), by warehouse then barcode, with retail-unit metadata',
    ...INTERNAL_INVENTORY_DOCS.listOrganizationInventory,
  })
  async listOrganizationInventory(@OrganizationIdParam() organizationId: string, @Res() res: Response): Promise<void> {
    await sendJsonStream(res, await this.inventory.streamOrganization(organizationId));
  }

  @Get('warehouses/:warehouseId/inventory')
  @Endpoint({
    summary: 'Every inventory level of an organization at one warehouse (archived retail units included), by barcode, with retail-unit metadata',
    ...INTERNAL_INVENTORY_DOCS.listWarehouseInventory,
  })
  async listWarehouseInventory(
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('warehouseId', 'the warehouse', 'wh-ams-1') warehouseId: string,
    @Res() res: Response,
  ): Promise<void> {
    await sendJsonStream(res, await this.inventory.streamWarehouse(organizationId, warehouseId));
  }

  @Get('warehouses/:warehouseId/inventory/:barcode')
  @Endpoint({
    summary:
      'The inventory level of a retail unit at a warehouse (zero when nothing ever moved there); 404 names the unknown organization, warehouse or barcode',
    ...INTERNAL_INVENTORY_DOCS.getInventoryLevel,
  })
  getInventoryLevel(
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('warehouseId', 'the warehouse', 'wh-ams-1') warehouseId: string,
    @BarcodeParam() barcode: string,
  ): Promise<InventoryLevelDto> {
    return this.inventory.level(organizationId, warehouseId, barcode);
  }
}
