import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Endpoint, NoQueryParameters, OrganizationIdParam, sendJsonStream } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { INVENTORY_DOCS, InventoryReadService } from '@gateway/public-api';

@ApiTags('inventory')
@Authenticated()
@Controller('v0/organizations/:organizationId/inventory')
export class InventoryController {
  constructor(private readonly inventory: InventoryReadService) {}

  @Get()
  @Endpoint({ summary: 'Inventory of an organization, grouped per warehouse, items ordered by barcode', ...INVENTORY_DOCS.getInventory })
  async getInventory(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() _query: NoQueryParameters,
    @Res() res: Response,
  ): Promise<void> {
    await sendJsonStream(res, await this.inventory.stream(caller.identity, organizationId));
  }
}
