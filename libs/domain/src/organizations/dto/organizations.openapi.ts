// The OpenAPI documentation of the organization operations of both gateways (the controllers state their summaries).
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { OrganizationListDto } from './organization.dto';
import { OrganizationRecordDto } from './organization-record.dto';

export const ORGANIZATIONS_DOCS = operationDocs({
  /** The public gateway's list of the organizations a caller can access. */
  listOrganizations: {
    answer: {
      type: OrganizationListDto,
      example: {
        organizations: [
          { id: '4c1f9e23-8a7b-4d3c-b2e1-5a6f7d8c9b02', name: 'Lumen Home Goods' },
          { id: DEMO_ORGANIZATION_ID, name: 'Nordic Outdoor Supply' },
        ],
      },
    },
    problems: [400, 403, 404, 500],
  },
  /** The internal gateway's organization record. */
  getOrganization: {
    answer: {
      type: OrganizationRecordDto,
      description: 'The organization record',
      example: {
        id: DEMO_ORGANIZATION_ID,
        name: 'Nordic Outdoor Supply',
        releaseChannel: 'STABLE',
        environment: 'live',
        autoAdvance: false,
        features: [{ name: 'bulk-label-printing', description: 'Print shipping labels for many orders at once.', releaseChannel: 'STABLE' }],
        inventorySync: { mode: 'DEFAULT', overriddenBarcodes: [] },
      },
    },
    problems: [400, 404, 500],
  },
});
