// The OpenAPI documentation of clarify-inventory-levels (the controller states its summary).
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { ClarificationAcknowledgedDto, ClarifyInventoryLevelsDto } from './clarify-inventory-levels.dto';

export const INVENTORY_CLARIFICATION_DOCS = operationDocs({
  clarifyInventoryLevels: {
    body: {
      type: ClarifyInventoryLevelsDto,
      examples: {
        demo: {
          summary: 'one barcode of the demo organization',
          value: { organizationId: DEMO_ORGANIZATION_ID, initiator: 'ops@example.com', barcodes: ['8710000000011'] },
        },
      },
    },
    answer: { status: 202, type: ClarificationAcknowledgedDto, example: { outcome: 'ACKNOWLEDGED' } },
    problems: [400, 404, 413, 415, 500],
  },
});
