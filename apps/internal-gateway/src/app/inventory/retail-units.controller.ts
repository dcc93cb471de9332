import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BarcodeParam, Endpoint, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { INTERNAL_INVENTORY_DOCS, RetailUnitArchivalDto, RetailUnitArchivalService } from '@gateway/internal-api';

@ApiTags('retail-units')
@Authenticated()
@Controller('organizations/:organizationId/retail-units/:barcode')
export class RetailUnitsController {
  constructor(private readonly archival: RetailUnitArchivalService) {}

  @Post('archive')
  @HttpCode(200)
  @Endpoint({
    summary: 'Archive a retail unit: ARCHIVAL_FAILED while it has stock on hand or fulfilment orders still to be fulfilled; archiving twice succeeds',
    ...INTERNAL_INVENTORY_DOCS.archiveRetailUnit,
  })
  archiveRetailUnit(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @BarcodeParam() barcode: string,
  ): Promise<RetailUnitArchivalDto> {
    return this.archival.archive(organizationId, barcode, caller.identity.clientId);
  }
}
