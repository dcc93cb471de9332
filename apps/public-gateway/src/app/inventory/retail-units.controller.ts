import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { INVENTORY_DOCS, ListRetailUnitsQuery, RetailUnitCatalogueService, RetailUnitPageDto } from '@gateway/public-api';

@ApiTags('inventory')
@Authenticated()
@Controller('v0/organizations/:organizationId/retail-units')
export class RetailUnitsController {
  constructor(private readonly catalogue: RetailUnitCatalogueService) {}

  @Get()
  @Endpoint({ summary: "The organization's retail units (its catalogue), by barcode, in pages", ...INVENTORY_DOCS.listRetailUnits })
  listRetailUnits(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() query: ListRetailUnitsQuery,
  ): Promise<RetailUnitPageDto> {
    return this.catalogue.list(caller.identity, organizationId, query);
  }
}
