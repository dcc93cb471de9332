// The OpenAPI documentation of the release-channel operations (the controller states their summaries).
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { AssignReleaseChannelDto, ReleaseChannelAssignmentDto, ReleaseChannelFeatureDto } from '@gateway/domain';

export const RELEASE_CHANNELS_DOCS = operationDocs({
  assignReleaseChannel: {
    body: { type: AssignReleaseChannelDto, examples: { demo: { summary: 'the demo organization to BETA', value: { releaseChannel: 'BETA' } } } },
    answer: {
      type: ReleaseChannelAssignmentDto,
      description: 'The assignment result',
      example: { outcome: 'success', organizationId: DEMO_ORGANIZATION_ID, releaseChannel: 'BETA' },
    },
    problems: [400, 404, 413, 415, 500],
  },
  listReleaseChannelFeatures: {
    answer: {
      type: [ReleaseChannelFeatureDto],
      description: 'Every feature flag',
      example: [
        { name: 'bulk-label-printing', description: 'Print shipping labels for many orders at once.', releaseChannel: 'STABLE' },
        { name: 'smart-replenishment', description: 'Suggested replenishment quantities per barcode.', releaseChannel: 'BETA' },
      ],
    },
    problems: [500],
  },
});
