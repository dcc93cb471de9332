import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OrganizationIdPipe, ProblemDetailsDto } from '@gateway/platform';
import { Authenticated, OrganizationRecordDto, OrganizationsService } from '@gateway/domain';

@ApiTags('release-channels')
@Authenticated()
@Controller('organizations/:organizationId')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @ApiOperation({ summary: 'The organization record: release channel, features on for it, inventory-sync settings' })
  @ApiOkResponse({ type: OrganizationRecordDto })
  @ApiNotFoundResponse({ type: ProblemDetailsDto })
  getOrganization(@Param('organizationId', OrganizationIdPipe) organizationId: string): Promise<OrganizationRecordDto> {
    return this.organizations.record(organizationId);
  }
}
