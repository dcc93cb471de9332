import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Endpoint } from '@gateway/platform';
import { Authenticated, AuthenticatedCaller, CurrentCaller } from '@gateway/domain';
import { ClarificationAcknowledgedDto, ClarifyInventoryLevelsDto, INVENTORY_CLARIFICATION_DOCS, InventoryClarificationService } from '@gateway/internal-tools';

@ApiTags('internal-tools')
@Authenticated()
@Controller('internal-tools')
export class InventoryClarificationController {
  constructor(private readonly clarifications: InventoryClarificationService) {}

  @Post('clarify-inventory-levels')
  @HttpCode(202)
  @Endpoint({
    summary:
      "Re-clarify inventory levels: acknowledged at once; a background job rebuilds the barcodes' levels at every warehouse from the event log and records the initiator",
    ...INVENTORY_CLARIFICATION_DOCS.clarifyInventoryLevels,
  })
  async clarifyInventoryLevels(@CurrentCaller() caller: AuthenticatedCaller, @Body() body: ClarifyInventoryLevelsDto): Promise<ClarificationAcknowledgedDto> {
    return (await this.clarifications.request(body, caller.identity.clientId)).answer;
  }
}
