// The internal organization record: the organization, its release channel, the features on for it and
// its inventory-sync settings, and whether it is a sandbox (contract 6.10). Every schema is closed.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import type { Environment, ReleaseChannel } from '@gateway/persistence';
import { EnvironmentProperty } from './environment.dto';
import { RELEASE_CHANNEL_SCHEMA, ReleaseChannelFeatureDto } from '../../release-channels';
import { BARCODE_SCHEMA, INVENTORY_SYNC_MODE_SCHEMA, InventorySyncMode } from '../../inventory';

@ClosedSchema()
export class InventorySyncSettingsDto {
  @ApiProperty(INVENTORY_SYNC_MODE_SCHEMA)
  mode!: InventorySyncMode;

  @ApiProperty({
    type: 'array',
    items: BARCODE_SCHEMA,
    uniqueItems: true,
    description: 'the barcodes excluded from the inventory sync, bytewise order; empty in DEFAULT mode',
  })
  overriddenBarcodes!: string[];
}

@ClosedSchema()
export class OrganizationRecordDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ minLength: 1, maxLength: 200 }) name!: string;
  @ApiProperty(RELEASE_CHANNEL_SCHEMA) releaseChannel!: ReleaseChannel;
  @EnvironmentProperty() environment!: Environment;
  @ApiProperty({
    description:
      "a sandbox organization's orders, inbound shipments and returns advance by themselves (`admin organizations:update ID --auto-advance`); always false for a live one",
  })
  autoAdvance!: boolean;
  @ApiProperty({
    type: () => [ReleaseChannelFeatureDto],
    description: 'the features on for this organization: those of its channel and of the more stable ones, most stable channel first, then by name',
  })
  features!: ReleaseChannelFeatureDto[];
  @ApiProperty({ type: () => InventorySyncSettingsDto }) inventorySync!: InventorySyncSettingsDto;
}
