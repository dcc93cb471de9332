// The OpenAPI documentation of the public inventory operations: levels and the catalogue (the controllers state their summaries).
import { operationDocs } from '@gateway/platform';
import { InventoryDto } from './inventory-entry.dto';
import { RetailUnitPageDto } from './retail-unit-catalogue.dto';

export const INVENTORY_DOCS = operationDocs({
  getInventory: {
    answer: {
      type: InventoryDto,
      example: {
        items: [
          {
            warehouseId: 'wh-ams-1',
            items: [
              { barcode: '8710000000011', onHand: 40, sellable: 35 },
              { barcode: '8710000000028', onHand: 25, sellable: 24 },
            ],
          },
          { warehouseId: 'wh-ber-1', items: [{ barcode: '8710000000011', onHand: 12, sellable: 12 }] },
        ],
      },
    },
    problems: [400, 403, 404, 500],
  },
  listRetailUnits: {
    description:
      'Map your SKUs to barcodes before you send orders. Archived units (which take no new orders) only with includeArchived=true. Follow nextCursor with the same filters for the next page.',
    answer: {
      type: RetailUnitPageDto,
      description: 'One page of retail units, in barcode order',
      example: {
        items: [
          { barcode: '8710000000011', sku: 'NOS-TENT-2P', name: 'Two-person trekking tent', weightGram: 2400, archived: false },
          { barcode: '8710000000028', sku: 'NOS-MAT-1', name: 'Sleeping mat', archived: false },
        ],
        nextCursor: null,
      },
    },
    problems: [400, 403, 404, 500],
  },
});
