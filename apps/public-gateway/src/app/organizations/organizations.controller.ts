import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, NoQueryParameters } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller, ORGANIZATIONS_DOCS, OrganizationListDto, OrganizationsService } from '@gateway/domain';

@ApiTags('organizations')
@Authenticated()
@Controller('v0/organizations')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @Endpoint({ summary: 'The organizations the caller can access', ...ORGANIZATIONS_DOCS.listOrganizations })
  async listOrganizations(@CurrentCaller() caller: AuthenticatedCaller, @Query() _query: NoQueryParameters): Promise<OrganizationListDto> {
    return { organizations: await this.organizations.accessible(caller.identity) };
  }
}
