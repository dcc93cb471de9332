import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiProblemResponses, NoQueryParameters, OrganizationIdParam, sendJsonStream } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { InventoryDto, InventoryReadService } from '@gateway/public-api';

@ApiTags('inventory')
@Authenticated()
@Controller('v0/organizations/:organizationId/inventory')
export class InventoryController {
  constructor(private readonly inventory: InventoryReadService) {}

  @Get()
  @ApiOperation({ summary: 'Inventory of an organization, grouped per warehouse, items ordered by barcode' })
  @ApiOkResponse({
    type: InventoryDto,
    example: {
      items: [
        {
          warehouseId: 'wh-ams-1',
          items: [
            { barcode: '8710000000011', onHand: 40, sellable: 35 },
            { barcode: '8710000000028', onHand: 25, sellable: 24 },
          ],
        },
        { warehouseId: 'wh-ber-1', items: [{ barcode: '8710000000011', onHand: 12, sellable: 12 }] },
      ],
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  async getInventory(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() _query: NoQueryParameters,
    @Res() res: Response,
  ): Promise<void> {
    await sendJsonStream(res, await this.inventory.stream(caller.identity, organizationId));
  }
}
