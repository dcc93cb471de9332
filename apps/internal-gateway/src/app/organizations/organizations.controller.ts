import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, ORGANIZATIONS_DOCS, OrganizationRecordDto, OrganizationsService } from '@gateway/domain';

@ApiTags('organizations')
@Authenticated()
@Controller('organizations/:organizationId')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @Endpoint({ summary: 'The organization record: release channel, features on for it, inventory-sync settings', ...ORGANIZATIONS_DOCS.getOrganization })
  getOrganization(@OrganizationIdParam() organizationId: string): Promise<OrganizationRecordDto> {
    return this.organizations.record(organizationId);
  }
}
