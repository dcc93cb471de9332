import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, BarcodeParam, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { RetailUnitArchivalDto, RetailUnitArchivalService } from '@gateway/internal-api';

@ApiTags('retail-units')
@Authenticated()
@Controller('organizations/:organizationId/retail-units/:barcode')
export class RetailUnitsController {
  constructor(private readonly archival: RetailUnitArchivalService) {}

  @Post('archive')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Archive a retail unit: ARCHIVAL_FAILED while it has stock on hand or fulfilment orders still to be fulfilled; archiving twice succeeds',
  })
  @ApiOkResponse({ type: RetailUnitArchivalDto, example: { outcome: 'SUCCESS' } })
  @ApiProblemResponses(400, 404, 500)
  archiveRetailUnit(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @BarcodeParam() barcode: string,
  ): Promise<RetailUnitArchivalDto> {
    return this.archival.archive(organizationId, barcode, caller.identity.clientId);
  }
}
