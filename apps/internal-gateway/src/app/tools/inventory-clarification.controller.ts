import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { ClarificationAcknowledgedDto, ClarifyInventoryLevelsDto, InventoryClarificationService } from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@Controller('internal-tools')
export class InventoryClarificationController {
  constructor(private readonly clarifications: InventoryClarificationService) {}

  @Post('clarify-inventory-levels')
  @HttpCode(202)
  @ApiOperation({ summary: "Re-clarify inventory levels: acknowledged at once; a background job rebuilds the barcodes' levels at every warehouse from the event log and records the initiator" })
  @ApiAcceptedResponse({ type: ClarificationAcknowledgedDto })
  @ApiProblemResponses(400, 404, 413, 415, 500)
  async clarifyInventoryLevels(@CurrentCaller() caller: AuthenticatedCaller, @Body() body: ClarifyInventoryLevelsDto): Promise<ClarificationAcknowledgedDto> {
    return (await this.clarifications.request(body, caller.identity.clientId)).answer;
  }
}
