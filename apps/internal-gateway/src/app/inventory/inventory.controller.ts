import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiProblemResponses, BarcodeParam, EntityIdParam, OrganizationIdParam, sendJsonStream } from '@gateway/platform';
import { Authenticated, InternalInventoryReadService, InventoryLevelDto, InventoryListDto } from '@gateway/domain';

@ApiTags('inventory')
@Authenticated()
@Controller('organizations/:organizationId')
export class InventoryController {
  constructor(private readonly inventory: InternalInventoryReadService) {}

  @Get('inventory')
  @ApiOperation({ summary: 'Every inventory level of an organization (archived retail units included), by warehouse then barcode, with retail-unit metadata' })
  @ApiOkResponse({ type: InventoryListDto })
  @ApiProblemResponses(400, 404, 500)
  async listOrganizationInventory(@OrganizationIdParam() organizationId: string, @Res() res: Response): Promise<void> {
    await sendJsonStream(res, await this.inventory.streamOrganization(organizationId));
  }

  @Get('warehouses/:warehouseId/inventory')
  @ApiOperation({ summary: 'Every inventory level of an organization at one warehouse (archived retail units included), by barcode, with retail-unit metadata' })
  @ApiOkResponse({ type: InventoryListDto })
  @ApiProblemResponses(400, 404, 500)
  async listWarehouseInventory(
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('warehouseId', 'the warehouse') warehouseId: string,
    @Res() res: Response,
  ): Promise<void> {
    await sendJsonStream(res, await this.inventory.streamWarehouse(organizationId, warehouseId));
  }

  @Get('warehouses/:warehouseId/inventory/:barcode')
  @ApiOperation({ summary: 'The inventory level of a retail unit at a warehouse (zero when nothing ever moved there); 404 names the unknown organization, warehouse or barcode' })
  @ApiOkResponse({ type: InventoryLevelDto })
  @ApiProblemResponses(400, 404, 500)
  getInventoryLevel(
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('warehouseId', 'the warehouse') warehouseId: string,
    @BarcodeParam() barcode: string,
  ): Promise<InventoryLevelDto> {
    return this.inventory.level(organizationId, warehouseId, barcode);
  }
}
