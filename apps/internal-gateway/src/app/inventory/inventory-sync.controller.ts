import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, OrganizationIdParam } from '@gateway/platform';
import {
  Authenticated,
  AuthenticatedCaller,
  BarcodeInventorySyncOverridesDto,
  CurrentCaller,
  DefaultInventorySyncDto,
  InventorySyncResultDto,
} from '@gateway/domain';
import { INTERNAL_INVENTORY_DOCS, InventorySyncService } from '@gateway/internal-api';

@ApiTags('inventory-sync')
@Authenticated()
@Controller('organizations/:organizationId')
export class InventorySyncController {
  constructor(private readonly sync: InventorySyncService) {}

  @Post('barcode-inventory-sync-overrides')
  @HttpCode(200)
  @Endpoint({ summary: 'Exclude barcodes from the inventory sync to the sales channels', ...INTERNAL_INVENTORY_DOCS.overrideBarcodeInventorySync })
  overrideBarcodeInventorySync(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Body() body: BarcodeInventorySyncOverridesDto,
  ): Promise<InventorySyncResultDto> {
    return this.sync.override(caller, organizationId, body);
  }

  @Post('default-inventory-sync')
  @HttpCode(200)
  @Endpoint({ summary: 'Return barcodes to the default inventory sync', ...INTERNAL_INVENTORY_DOCS.resetInventorySync })
  resetInventorySync(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    // Declared as the class (not `| undefined`), so that its metadata names the DTO and the pipe validates it.
    @Body() body: DefaultInventorySyncDto,
  ): Promise<InventorySyncResultDto> {
    return this.sync.reset(caller, organizationId, body);
  }
}
