import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, DEMO_ORGANIZATION_ID } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { ClarificationAcknowledgedDto, ClarifyInventoryLevelsDto, InventoryClarificationService } from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@Controller('internal-tools')
export class InventoryClarificationController {
  constructor(private readonly clarifications: InventoryClarificationService) {}

  @Post('clarify-inventory-levels')
  @HttpCode(202)
  @ApiOperation({
    summary:
      "Re-clarify inventory levels: acknowledged at once; a background job rebuilds the barcodes' levels at every warehouse from the event log and records the initiator",
  })
  @ApiBody({
    type: ClarifyInventoryLevelsDto,
    examples: {
      demo: {
        summary: 'one barcode of the demo organization',
        value: { organizationId: DEMO_ORGANIZATION_ID, initiator: 'ops@example.com', barcodes: ['8710000000011'] },
      },
    },
  })
  @ApiAcceptedResponse({ type: ClarificationAcknowledgedDto, example: { outcome: 'ACKNOWLEDGED' } })
  @ApiProblemResponses(400, 404, 413, 415, 500)
  async clarifyInventoryLevels(@CurrentCaller() caller: AuthenticatedCaller, @Body() body: ClarifyInventoryLevelsDto): Promise<ClarificationAcknowledgedDto> {
    return (await this.clarifications.request(body, caller.identity.clientId)).answer;
  }
}
