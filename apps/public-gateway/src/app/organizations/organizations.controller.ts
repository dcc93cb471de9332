import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, NoQueryParameters } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller, OrganizationListDto, OrganizationsService } from '@gateway/domain';

@ApiTags('organizations')
@Authenticated()
@Controller('v0/organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @ApiOperation({ summary: 'The organizations the caller can access' })
  @ApiOkResponse({
    type: OrganizationListDto,
    example: {
      organizations: [
        { id: '4c1f9e23-8a7b-4d3c-b2e1-5a6f7d8c9b02', name: 'Lumen Home Goods' },
        { id: DEMO_ORGANIZATION_ID, name: 'Nordic Outdoor Supply' },
      ],
    },
  })
  @ApiProblemResponses(400, 403, 404, 500)
  async listOrganizations(@CurrentCaller() caller: AuthenticatedCaller, @Query() _query: NoQueryParameters): Promise<OrganizationListDto> {
    return { organizations: await this.organizations.accessible(caller.identity) };
  }
}
