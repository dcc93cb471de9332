// The OpenAPI documentation of the internal inventory operations: levels, retail-unit archival and the
// inventory sync (the controllers state their summaries).
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { BarcodeInventorySyncOverridesDto, DefaultInventorySyncDto, InventorySyncResultDto } from '@gateway/domain';
import { InventoryLevelDto, InventoryListDto } from './inventory-level.dto';
import { RetailUnitArchivalDto } from './retail-unit-archival.dto';

const LEVEL_KEY = { organizationId: DEMO_ORGANIZATION_ID, warehouseId: 'wh-ams-1', barcode: '8710000000011' };
const LEVEL_AMOUNTS = { fulfillable: 38, allocated: 2, pendingAllocation: 4, sellable: 34, onHand: 40 };
/** A list of levels with their retail units' metadata, as both inventory lists answer it. */
const LIST_ANSWER = {
  type: InventoryListDto,
  example: {
    outcome: 'SUCCESS',
    items: [{ ...LEVEL_KEY, sku: 'NOS-TENT-2P', name: 'Two-person trekking tent', archived: false, ...LEVEL_AMOUNTS }],
  },
};

const SYNC_ANSWER = {
  type: InventorySyncResultDto,
  description: 'Which barcodes changed, were already so, or are unknown',
  example: {
    outcome: 'SUCCESS',
    organizationId: DEMO_ORGANIZATION_ID,
    dryRun: true,
    mode: 'BARCODE_OVERRIDES',
    changed: ['8710000000028'],
    unchanged: [],
    unknown: [],
  },
};
const BARCODES_EXAMPLES = { demo: { summary: 'one barcode of the demo organization, as a dry run', value: { barcodes: ['8710000000028'], dryRun: true } } };

export const INTERNAL_INVENTORY_DOCS = operationDocs({
  listOrganizationInventory: { answer: LIST_ANSWER, problems: [400, 404, 500] },
  listWarehouseInventory: { answer: LIST_ANSWER, problems: [400, 404, 500] },
  getInventoryLevel: { answer: { type: InventoryLevelDto, example: { ...LEVEL_KEY, ...LEVEL_AMOUNTS } }, problems: [400, 404, 500] },
  archiveRetailUnit: { answer: { type: RetailUnitArchivalDto, example: { outcome: 'SUCCESS' } }, problems: [400, 404, 500] },
  overrideBarcodeInventorySync: {
    description:
      'Adds to the barcodes already excluded. One InventorySyncOverrideAdded event per barcode changed. With dryRun, answers what would change and writes nothing.',
    body: { type: BarcodeInventorySyncOverridesDto, examples: BARCODES_EXAMPLES },
    answer: SYNC_ANSWER,
    problems: [400, 404, 413, 415, 500],
  },
  resetInventorySync: {
    description:
      'Without barcodes (or without a body), every overridden barcode returns to the default sync. One InventorySyncOverrideRemoved event per barcode changed. With dryRun, answers what would change and writes nothing.',
    body: { type: DefaultInventorySyncDto, required: false, examples: BARCODES_EXAMPLES },
    answer: SYNC_ANSWER,
    problems: [400, 404, 413, 415, 500],
  },
});
