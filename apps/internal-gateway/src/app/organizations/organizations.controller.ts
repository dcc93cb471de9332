import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID, OrganizationIdParam } from '@gateway/platform';
import { Authenticated, OrganizationRecordDto, OrganizationsService } from '@gateway/domain';

@ApiTags('organizations')
@Authenticated()
@Controller('organizations/:organizationId')
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  @Get()
  @ApiOperation({ summary: 'The organization record: release channel, features on for it, inventory-sync settings' })
  @ApiOkResponse({
    type: OrganizationRecordDto,
    description: 'The organization record',
    example: {
      id: DEMO_ORGANIZATION_ID,
      name: 'Nordic Outdoor Supply',
      releaseChannel: 'STABLE',
      features: [{ name: 'bulk-label-printing', description: 'Print shipping labels for many orders at once.', releaseChannel: 'STABLE' }],
      inventorySync: { mode: 'DEFAULT', overriddenBarcodes: [] },
    },
  })
  @ApiProblemResponses(400, 404, 500)
  getOrganization(@OrganizationIdParam() organizationId: string): Promise<OrganizationRecordDto> {
    return this.organizations.record(organizationId);
  }
}
