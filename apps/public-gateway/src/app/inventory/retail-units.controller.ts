import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { ListRetailUnitsQuery, RetailUnitCatalogueService, RetailUnitPageDto } from '@gateway/public-api';

@ApiTags('inventory')
@Authenticated()
@Controller('v0/organizations/:organizationId/retail-units')
export class RetailUnitsController {
  constructor(private readonly catalogue: RetailUnitCatalogueService) {}

  @Get()
  @ApiOperation({
    summary: "The organization's retail units (its catalogue), by barcode, in pages",
    description:
      'Map your SKUs to barcodes before you send orders. Archived units (which take no new orders) only with includeArchived=true. Follow nextCursor with the same filters for the next page.',
  })
  @ApiOkResponse({
    type: RetailUnitPageDto,
    description: 'One page of retail units, in barcode order',
    example: {
      items: [
        { barcode: '8710000000011', sku: 'NOS-TENT-2P', name: 'Two-person trekking tent', weightGram: 2400, archived: false },
        { barcode: '8710000000028', sku: 'NOS-MAT-1', name: 'Sleeping mat', archived: false },
      ],
      nextCursor: null,
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  listRetailUnits(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Query() query: ListRetailUnitsQuery,
  ): Promise<RetailUnitPageDto> {
    return this.catalogue.list(caller.identity, organizationId, query);
  }
}
