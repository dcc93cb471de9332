import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, BarcodeParam, EntityIdParam, OrganizationIdParam, sendJsonStream } from '@gateway/platform';
import { Authenticated } from '@gateway/domain';
import { InternalInventoryReadService, InventoryLevelDto, InventoryListDto } from '@gateway/internal-api';

@ApiTags('inventory')
@Authenticated()
@Controller('organizations/:organizationId')
export class InventoryController {
  constructor(private readonly inventory: InternalInventoryReadService) {}

  @Get('inventory')
  @ApiOperation({ summary: 'Every inventory level of an organization (archived retail units included), by warehouse then barcode, with retail-unit metadata' })
  @ApiOkResponse({
    type: InventoryListDto,
    example: {
      outcome: 'SUCCESS',
      items: [
        {
          organizationId: DEMO_ORGANIZATION_ID,
          warehouseId: 'wh-ams-1',
          barcode: '8710000000011',
          sku: 'NOS-TENT-2P',
          name: 'Two-person trekking tent',
          archived: false,
          fulfillable: 38,
          allocated: 2,
          pendingAllocation: 4,
          sellable: 34,
          onHand: 40,
        },
      ],
    },
  })
  @ApiProblemResponses(400, 404, 500)
  async listOrganizationInventory(@OrganizationIdParam() organizationId: string, @Res() res: Response): Promise<void> {
    await sendJsonStream(res, await this.inventory.streamOrganization(organizationId));
  }

  @Get('warehouses/:warehouseId/inventory')
  @ApiOperation({
    summary: 'Every inventory level of an organization at one warehouse (archived retail units included), by barcode, with retail-unit metadata',
  })
  @ApiOkResponse({
    type: InventoryListDto,
    example: {
      outcome: 'SUCCESS',
      items: [
        {
          organizationId: DEMO_ORGANIZATION_ID,
          warehouseId: 'wh-ams-1',
          barcode: '8710000000011',
          sku: 'NOS-TENT-2P',
          name: 'Two-person trekking tent',
          archived: false,
          fulfillable: 38,
          allocated: 2,
          pendingAllocation: 4,
          sellable: 34,
          onHand: 40,
        },
      ],
    },
  })
  @ApiProblemResponses(400, 404, 500)
  async listWarehouseInventory(
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('warehouseId', 'the warehouse', 'wh-ams-1') warehouseId: string,
    @Res() res: Response,
  ): Promise<void> {
    await sendJsonStream(res, await this.inventory.streamWarehouse(organizationId, warehouseId));
  }

  @Get('warehouses/:warehouseId/inventory/:barcode')
  @ApiOperation({
    summary:
      'The inventory level of a retail unit at a warehouse (zero when nothing ever moved there); 404 names the unknown organization, warehouse or barcode',
  })
  @ApiOkResponse({
    type: InventoryLevelDto,
    example: {
      organizationId: DEMO_ORGANIZATION_ID,
      warehouseId: 'wh-ams-1',
      barcode: '8710000000011',
      fulfillable: 38,
      allocated: 2,
      pendingAllocation: 4,
      sellable: 34,
      onHand: 40,
    },
  })
  @ApiProblemResponses(400, 404, 500)
  getInventoryLevel(
    @OrganizationIdParam() organizationId: string,
    @EntityIdParam('warehouseId', 'the warehouse', 'wh-ams-1') warehouseId: string,
    @BarcodeParam() barcode: string,
  ): Promise<InventoryLevelDto> {
    return this.inventory.level(organizationId, warehouseId, barcode);
  }
}
