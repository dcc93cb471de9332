// The internal organization record: the organization, its release channel, the features on for it and
// its inventory-sync settings.
import { ApiProperty } from '@nestjs/swagger';

export class FeatureDto {
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: ['STABLE', 'BETA', 'ALPHA'] }) releaseChannel!: 'STABLE' | 'BETA' | 'ALPHA';
}

export class InventorySyncSettingsDto {
  @ApiProperty({ enum: ['DEFAULT', 'BARCODE_OVERRIDES'], description: 'DEFAULT: every barcode’s sellable quantity is synced to the sales channels; BARCODE_OVERRIDES: the listed barcodes are excluded from the sync' })
  mode!: 'DEFAULT' | 'BARCODE_OVERRIDES';

  @ApiProperty({ type: [String], description: 'barcodes excluded from the inventory sync, in order' })
  overriddenBarcodes!: string[];
}

export class OrganizationRecordDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['STABLE', 'BETA', 'ALPHA'] }) releaseChannel!: 'STABLE' | 'BETA' | 'ALPHA';
  @ApiProperty({ type: () => [FeatureDto], description: 'the features on for this organization' }) features!: FeatureDto[];
  @ApiProperty({ type: () => InventorySyncSettingsDto }) inventorySync!: InventorySyncSettingsDto;
}
