import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, OrganizationIdParam } from '@gateway/platform';
import {
  Authenticated,
  AuthenticatedCaller,
  BarcodeInventorySyncOverridesDto,
  CurrentCaller,
  DefaultInventorySyncDto,
  InventorySyncResultDto,
} from '@gateway/domain';
import { InventorySyncService } from '@gateway/internal-api';

const SYNC_EXAMPLE = {
  outcome: 'SUCCESS',
  organizationId: DEMO_ORGANIZATION_ID,
  dryRun: true,
  mode: 'BARCODE_OVERRIDES',
  changed: ['8710000000028'],
  unchanged: [],
  unknown: [],
};
const BARCODES_EXAMPLES = { demo: { summary: 'one barcode of the demo organization, as a dry run', value: { barcodes: ['8710000000028'], dryRun: true } } };

@ApiTags('inventory-sync')
@Authenticated()
@Controller('organizations/:organizationId')
export class InventorySyncController {
  constructor(private readonly sync: InventorySyncService) {}

  @Post('barcode-inventory-sync-overrides')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exclude barcodes from the inventory sync to the sales channels',
    description:
      'Adds to the barcodes already excluded. One InventorySyncOverrideAdded event per barcode changed. With dryRun, answers what would change and writes nothing.',
  })
  @ApiBody({ type: BarcodeInventorySyncOverridesDto, examples: BARCODES_EXAMPLES })
  @ApiOkResponse({ type: InventorySyncResultDto, description: 'Which barcodes changed, were already so, or are unknown', example: SYNC_EXAMPLE })
  @ApiProblemResponses(400, 404, 413, 415, 500)
  overrideBarcodeInventorySync(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Body() body: BarcodeInventorySyncOverridesDto,
  ): Promise<InventorySyncResultDto> {
    return this.sync.override(caller, organizationId, body);
  }

  @Post('default-inventory-sync')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Return barcodes to the default inventory sync',
    description:
      'Without barcodes (or without a body), every overridden barcode returns to the default sync. One InventorySyncOverrideRemoved event per barcode changed. With dryRun, answers what would change and writes nothing.',
  })
  @ApiBody({ type: DefaultInventorySyncDto, required: false, examples: BARCODES_EXAMPLES })
  @ApiOkResponse({ type: InventorySyncResultDto, description: 'Which barcodes changed, were already so, or are unknown', example: SYNC_EXAMPLE })
  @ApiProblemResponses(400, 404, 413, 415, 500)
  resetInventorySync(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    // Declared as the class (not `| undefined`), so that its metadata names the DTO and the pipe validates it.
    @Body() body: DefaultInventorySyncDto,
  ): Promise<InventorySyncResultDto> {
    return this.sync.reset(caller, organizationId, body);
  }
}
