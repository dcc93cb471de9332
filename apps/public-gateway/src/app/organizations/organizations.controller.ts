import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, NoQueryParameters } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller, OrganizationListDto, OrganizationsService } from '@gateway/domain';

@ApiTags('organizations')
@Authenticated()
@Controller('v0/organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @ApiOperation({ summary: 'The organizations the caller can access' })
  @ApiOkResponse({ type: OrganizationListDto })
  @ApiProblemResponses(400, 403, 404, 500)
  async listOrganizations(@CurrentCaller() caller: AuthenticatedCaller, @Query() _query: NoQueryParameters): Promise<OrganizationListDto> {
    return { organizations: await this.organizations.accessible(caller.identity) };
  }
}
