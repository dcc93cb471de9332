import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, OrganizationIdParam } from '@gateway/platform';
import {
  AssignReleaseChannelDto,
  Authenticated,
  AuthenticatedCaller,
  CurrentCaller,
  ReleaseChannelAssignmentDto,
  ReleaseChannelFeatureDto,
} from '@gateway/domain';
import { ReleaseChannelsService } from '@gateway/internal-api';

@ApiTags('release-channels')
@Authenticated()
@Controller()
export class ReleaseChannelsController {
  constructor(private readonly channels: ReleaseChannelsService) {}

  @Post('organizations/:organizationId/release-channel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Put an organization on a release channel (appends ReleaseChannelAssigned when the channel changes)' })
  @ApiBody({ type: AssignReleaseChannelDto, examples: { demo: { summary: 'the demo organization to BETA', value: { releaseChannel: 'BETA' } } } })
  @ApiOkResponse({
    type: ReleaseChannelAssignmentDto,
    description: 'The assignment result',
    example: { outcome: 'success', organizationId: DEMO_ORGANIZATION_ID, releaseChannel: 'BETA' },
  })
  @ApiProblemResponses(400, 404, 413, 415, 500)
  assignReleaseChannel(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Body() body: AssignReleaseChannelDto,
  ): Promise<ReleaseChannelAssignmentDto> {
    return this.channels.assign(caller, organizationId, body.releaseChannel);
  }

  @Get('internal-tools/release-channel-features')
  @ApiOperation({ summary: 'Every feature flag with its release channel: most stable channel first (STABLE, BETA, ALPHA), then by name' })
  @ApiOkResponse({
    type: [ReleaseChannelFeatureDto],
    description: 'Every feature flag',
    example: [
      { name: 'bulk-label-printing', description: 'Print shipping labels for many orders at once.', releaseChannel: 'STABLE' },
      { name: 'smart-replenishment', description: 'Suggested replenishment quantities per barcode.', releaseChannel: 'BETA' },
    ],
  })
  @ApiProblemResponses(500)
  listReleaseChannelFeatures(): Promise<ReleaseChannelFeatureDto[]> {
    return this.channels.features();
  }
}
