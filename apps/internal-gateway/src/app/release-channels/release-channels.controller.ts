import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, OrganizationIdParam } from '@gateway/platform';
import {
  AssignReleaseChannelDto,
  Authenticated,
  AuthenticatedCaller,
  CurrentCaller,
  ReleaseChannelAssignmentDto,
  ReleaseChannelFeatureDto,
} from '@gateway/domain';
import { RELEASE_CHANNELS_DOCS, ReleaseChannelsService } from '@gateway/internal-api';

@ApiTags('release-channels')
@Authenticated()
@Controller()
export class ReleaseChannelsController {
  constructor(private readonly channels: ReleaseChannelsService) {}

  @Post('organizations/:organizationId/release-channel')
  @HttpCode(200)
  @Endpoint({
    summary: 'Put an organization on a release channel (appends ReleaseChannelAssigned when the channel changes)',
    ...RELEASE_CHANNELS_DOCS.assignReleaseChannel,
  })
  assignReleaseChannel(
    @CurrentCaller() caller: AuthenticatedCaller,
    @OrganizationIdParam() organizationId: string,
    @Body() body: AssignReleaseChannelDto,
  ): Promise<ReleaseChannelAssignmentDto> {
    return this.channels.assign(caller, organizationId, body.releaseChannel);
  }

  @Get('internal-tools/release-channel-features')
  @Endpoint({
    summary: 'Every feature flag with its release channel: most stable channel first (STABLE, BETA, ALPHA), then by name',
    ...RELEASE_CHANNELS_DOCS.listReleaseChannelFeatures,
  })
  listReleaseChannelFeatures(): Promise<ReleaseChannelFeatureDto[]> {
    return this.channels.features();
  }
}
